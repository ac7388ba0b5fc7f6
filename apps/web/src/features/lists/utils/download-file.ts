/** Saves `content` as a file through the browser's download. */
export function downloadFile(fileName: string, content: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the blob when the download starts, a moment after the click.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
