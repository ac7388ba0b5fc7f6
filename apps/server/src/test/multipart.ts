/** A multipart/form-data body with one file part named `file`, as a browser's upload sends it. */
export function multipartFile(fileName: string, content: Buffer | string) {
  const boundary = `----prospector${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
