import { z } from 'zod';
import { ZContentKind } from '@screenline/shared/content';
import { ZResumeInfo } from '@screenline/storage-client';

/**
 * Unfinished resumable uploads, kept in localStorage so that after a reload the user can pick the
 * same file again and carry on from what the server already has.
 */
const STORAGE_KEY = 'screenline.content.uploads';
/** The storage service keeps an upload session for 7 days by default. */
export const SAVED_UPLOAD_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export const ZSavedUpload = z.object({
  /** The upload's id, also part of its object name. */
  id: z.string().min(1),
  uid: z.string().min(1),
  /** name + size + lastModified of the file being uploaded. */
  fingerprint: z.string(),
  fileName: z.string(),
  size: z.number().int().nonnegative(),
  kind: ZContentKind,
  name: z.string(),
  objectPath: z.string().min(1),
  resume: ZResumeInfo,
  savedAt: z.number(),
});
export type TSavedUpload = z.infer<typeof ZSavedUpload>;

type TFileIdentity = Pick<File, 'name' | 'size' | 'lastModified'>;

/** Identifies "the same file" when it is picked again: its name, size and modification time. */
export function fingerprintOf(file: TFileIdentity): string {
  return `${file.name}\u0000${file.size}\u0000${file.lastModified}`;
}

function readAll(): TSavedUpload[] {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    // Entries that do not parse (an older format, a hand edit) are dropped, not fatal.
    return parsed.flatMap((entry) => {
      const result = ZSavedUpload.safeParse(entry);
      return result.success ? [result.data] : [];
    });
  } catch {
    return [];
  }
}

function writeAll(entries: TSavedUpload[]): void {
  try {
    if (entries.length === 0) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, JSON.stringify(entries));
  } catch {
    // Storage full or disabled (private mode): resuming after a reload is a bonus, not a must.
  }
}

/** The user's unfinished uploads, newest first; expired ones are forgotten on the way. */
export function loadSavedUploads(uid: string, now = Date.now()): TSavedUpload[] {
  const all = readAll();
  const fresh = all.filter((entry) => now - entry.savedAt < SAVED_UPLOAD_MAX_AGE_MS);
  if (fresh.length !== all.length) writeAll(fresh);
  return fresh.filter((entry) => entry.uid === uid).sort((a, b) => b.savedAt - a.savedAt);
}

export function saveUpload(entry: TSavedUpload): void {
  writeAll([...readAll().filter((saved) => saved.id !== entry.id), entry]);
}

export function forgetUpload(id: string): void {
  const all = readAll();
  const kept = all.filter((saved) => saved.id !== id);
  if (kept.length !== all.length) writeAll(kept);
}

/** A saved upload by its id. */
export function findSavedUploadById(uid: string, id: string): TSavedUpload | undefined {
  return loadSavedUploads(uid).find((entry) => entry.id === id);
}

/** The saved upload of this very file, if the user started it before. */
export function findSavedUpload(uid: string, file: TFileIdentity): TSavedUpload | undefined {
  const fingerprint = fingerprintOf(file);
  return loadSavedUploads(uid).find((entry) => entry.fingerprint === fingerprint);
}
