import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch } from './api.ts';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(response: Response | Error) {
  const fn = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

describe('apiFetch', () => {
  it('returns the parsed JSON and sends the session cookie', async () => {
    const fetch = stubFetch(Response.json({ categories: [] }));
    await expect(apiFetch('/api/v1/library/overview')).resolves.toEqual({ categories: [] });
    expect(fetch).toHaveBeenCalledWith(
      '/api/v1/library/overview',
      expect.objectContaining({ credentials: 'include' }),
    );
  });

  it('sends a JSON body with its content type', async () => {
    const fetch = stubFetch(new Response(null, { status: 204 }));
    await expect(apiFetch('/api/v1/x', { method: 'POST', json: { a: 1 } })).resolves.toBeUndefined();
    const init = fetch.mock.calls[0]?.[1] ?? {};
    expect(init.body).toBe('{"a":1}');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
  });

  it('sends a FormData body as multipart, leaving the Content-Type (with its boundary) to fetch', async () => {
    const fetch = stubFetch(Response.json({ id: 'b1' }, { status: 201 }));
    const form = new FormData();
    form.set('data', '{"title":"T"}');
    form.set('cover', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'cover.png');
    await expect(apiFetch('/api/v1/books', { method: 'POST', form })).resolves.toEqual({ id: 'b1' });
    const init = fetch.mock.calls[0]?.[1] ?? {};
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).has('content-type')).toBe(false);
  });

  it('parses the { error: { code, message } } shape into an ApiError', async () => {
    stubFetch(Response.json({ error: { code: 'NOT_FOUND', message: 'Darker not found' } }, { status: 404 }));
    const error = await apiFetch('/api/v1/users/9').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Darker not found' });
  });

  it('falls back to an HTTP_<status> code when the body is not the error shape', async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(apiFetch('/api/v1/x')).rejects.toMatchObject({ status: 502, code: 'HTTP_502' });
  });

  it('reports a network failure as status 0', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    await expect(apiFetch('/api/v1/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});
