import { useCallback, useRef, type ReactNode } from 'react';
import { ACCEPT_ATTRIBUTE } from '@/features/content/utils/upload-rules';

/**
 * A hidden file input and a function that opens it: buttons stay real buttons, and the browser's
 * own picker (filtered to the library's types) does the choosing.
 */
export function useFilePicker({
  multiple = true,
  onFiles,
}: {
  multiple?: boolean;
  onFiles: (files: File[]) => void;
}): { open: () => void; input: ReactNode } {
  const inputRef = useRef<HTMLInputElement>(null);
  const open = useCallback(() => inputRef.current?.click(), []);
  const input = (
    <input
      ref={inputRef}
      type="file"
      multiple={multiple}
      accept={ACCEPT_ATTRIBUTE}
      tabIndex={-1}
      aria-hidden
      className="hidden"
      onChange={(event) => {
        const files = Array.from(event.currentTarget.files ?? []);
        // Cleared so that picking the same file again fires another change.
        event.currentTarget.value = '';
        if (files.length > 0) onFiles(files);
      }}
    />
  );
  return { open, input };
}
