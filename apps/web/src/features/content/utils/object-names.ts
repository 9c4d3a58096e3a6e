import { contentStoragePrefix, userStoragePrefix } from '@screenline/shared/storage';

/** Longest sanitised file name kept in an object name (the uuid and prefix come on top). */
const MAX_SANITISED_LENGTH = 100;

/** Letters and digits of any name turned into `[A-Za-z0-9._-]`, without leading or trailing marks. */
function cleanNamePart(part: string): string {
  return part
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[-.]+|[-.]+$/g, '');
}

/**
 * A file name made safe for an object name and a URL: accents dropped, anything other than
 * letters, digits, dot, dash and underscore turned into a dash, runs collapsed, at most 100
 * characters with the (lower-cased) extension kept. Never empty.
 */
export function sanitiseFileName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const rawExtension = dot > 0 ? fileName.slice(dot + 1) : '';
  const extension = /^[A-Za-z0-9]{1,10}$/.test(rawExtension)
    ? `.${rawExtension.toLowerCase()}`
    : '';
  const stem = cleanNamePart(extension ? fileName.slice(0, dot) : fileName)
    .slice(0, MAX_SANITISED_LENGTH - extension.length)
    .replace(/[-.]+$/, '');
  return `${stem || 'file'}${extension}`;
}

/** `users/{uid}/content/<id>-<sanitised name>`: unique per upload, readable in a listing. */
export function contentObjectPath(uid: string, id: string, fileName: string): string {
  return `${contentStoragePrefix(uid)}${id}-${sanitiseFileName(fileName)}`;
}

/** `users/{uid}/posters/<id>.jpg`: a video's poster frame, named after its upload. */
export function posterObjectPath(uid: string, id: string): string {
  return `${userStoragePrefix(uid)}posters/${id}.jpg`;
}

/** The library name a file starts with: its name without the extension, trimmed to 200. */
export function displayNameOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const stem = dot > 0 ? fileName.slice(0, dot) : fileName;
  return (stem.trim() || fileName.trim() || 'Untitled').slice(0, 200);
}

/**
 * A random id. crypto.randomUUID exists only in secure contexts, and the app may be reached over
 * plain http on a local network (DESIGN.md §2: HOST=0.0.0.0), so fall back to getRandomValues.
 */
export function newUploadId(): string {
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) {
    return crypto.randomUUID();
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A download's file name: the item's name with the stored file's extension. */
export function downloadNameOf(item: { name: string; objectPath: string }): string {
  const extension = /\.[A-Za-z0-9]{1,8}$/.exec(item.objectPath)?.[0] ?? '';
  return item.name.toLowerCase().endsWith(extension.toLowerCase())
    ? item.name
    : `${item.name}${extension}`;
}
