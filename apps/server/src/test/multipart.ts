// multipart/form-data bodies for app.inject(), encoded by the platform's own FormData.

export interface FormFile {
  bytes: Buffer;
  /** What the browser would claim; the server must not believe it. */
  filename?: string;
  type?: string;
}

export async function multipart(fields: Record<string, string | FormFile | undefined>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === 'string') form.append(name, value);
    else
      form.append(
        name,
        new Blob([new Uint8Array(value.bytes)], { type: value.type ?? 'application/octet-stream' }),
        value.filename ?? 'file',
      );
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const payload = Buffer.from(await request.arrayBuffer());
  return { payload, headers: { 'content-type': request.headers.get('content-type') ?? '' } };
}
