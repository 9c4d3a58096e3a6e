import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TContentItem } from '@screenline/shared/content';
import { useAuth } from '@/lib/auth-context';
import { useStorage } from '@/lib/storage';
import { CONTENT_QUERY_KEY } from '@/features/content/api/list-content';
import type {
  TAddOptions,
  TUploadContext,
  TUploadEntry,
} from '@/features/content/stores/upload-entry';
import { uploadStore } from '@/features/content/stores/upload-store';

/** The signed-in user's uploads in this tab, and the calls that start and steer them. */
export function useUploads() {
  const { user } = useAuth();
  const storage = useStorage();
  const queryClient = useQueryClient();
  const all = useSyncExternalStore(uploadStore.subscribe, uploadStore.getSnapshot);
  const uid = user?.uid ?? null;

  const entries: readonly TUploadEntry[] = useMemo(
    () => all.filter((entry) => entry.uid === uid),
    [all, uid],
  );

  const context = useMemo<TUploadContext | null>(
    () =>
      uid
        ? {
            storage,
            uid,
            onAdded: () => void queryClient.invalidateQueries({ queryKey: CONTENT_QUERY_KEY }),
          }
        : null,
    [storage, uid, queryClient],
  );

  const addFiles = useCallback(
    (files: Iterable<File>) => {
      if (context) uploadStore.addFiles(files, context);
    },
    [context],
  );

  const add = useCallback(
    (file: File, options?: TAddOptions): Promise<TContentItem> =>
      context
        ? uploadStore.add(file, context, options)
        : Promise.reject(new Error('User is not authenticated')),
    [context],
  );

  const resumeWithFile = useCallback(
    (id: string, file: File) => {
      if (context) uploadStore.resumeWithFile(id, file, context);
    },
    [context],
  );

  return { entries, addFiles, add, resumeWithFile, store: uploadStore };
}
