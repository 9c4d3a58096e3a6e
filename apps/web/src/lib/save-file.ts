/**
 * Hands a downloaded file to the browser's "save" as `fileName`: an object URL behind a
 * temporary link with `download`, so a fetched body (sent with our credentials and Accept
 * header) is saved like a link would be.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
