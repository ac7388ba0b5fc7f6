/** Long enough for the browser to start the download before the object URL is released. */
const REVOKE_AFTER_MS = 10_000;

/** Hands a file the server sent to the browser as a download named `fileName`. */
export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/** Hands CSV text to the browser as a download named `fileName` (Excel reads it as UTF-8). */
export function saveCsv(fileName: string, csv: string): void {
  saveBlob(fileName, new Blob([csv], { type: 'text/csv;charset=utf-8' }));
}
