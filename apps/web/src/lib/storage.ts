import { useMemo } from 'react';
import { createStorage, type Storage } from '@screenline/storage-client';
import { useAuth } from '@/lib/auth-context';

/**
 * The storage service's bucket (the server's STORAGE_BUCKET). The web app is served by the same
 * server, so the default holds unless a build sets VITE_STORAGE_BUCKET for another one.
 */
export const STORAGE_BUCKET: string =
  (import.meta.env.VITE_STORAGE_BUCKET as string | undefined) ?? 'screenline';

/** A storage client for this origin that signs requests with the given token source. */
export function createAppStorage(getToken: () => Promise<string | null>): Storage {
  return createStorage({ baseUrl: window.location.origin, bucket: STORAGE_BUCKET, getToken });
}

/**
 * The app's storage client, signed with the current user's ID token (SPEC §7). A new client is
 * made only when the user signs in or out; uploads already running keep the one they started
 * with.
 */
export function useStorage(): Storage {
  const { getIdToken } = useAuth();
  return useMemo(() => createAppStorage(getIdToken), [getIdToken]);
}
