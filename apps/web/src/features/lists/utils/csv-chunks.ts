/**
 * Joins the CSV answers of a chunked export into one file. Every chunk starts with the same header
 * line; it is kept once. Chunks without rows add nothing; the chunks' line end is kept.
 */
export function joinCsvChunks(chunks: readonly string[]): string {
  const eol = chunks.some((chunk) => chunk.includes('\r\n')) ? '\r\n' : '\n';
  let header: string | null = null;
  const bodies: string[] = [];
  for (const chunk of chunks) {
    const text = chunk.replace(/(\r?\n)+$/, '');
    if (!text) continue;
    const lineEnd = text.indexOf('\n');
    header ??= (lineEnd < 0 ? text : text.slice(0, lineEnd)).replace(/\r$/, '');
    if (lineEnd >= 0) bodies.push(text.slice(lineEnd + 1));
  }
  if (header === null) return '';
  return [header, ...bodies].join(eol) + eol;
}
