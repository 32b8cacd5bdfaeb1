// The one fetch wrapper of the web app: same-origin JSON calls to /api/v1 with the session cookie.

/** An error answered by the API (`{ error: { code, message } }`), or a transport failure (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

/** The API answered 404: what the address names does not exist (or is not there for this member). */
export function isNotFoundError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

function isErrorBody(body: unknown): body is { error: { code: string; message: string } } {
  if (!body || typeof body !== 'object' || !('error' in body)) return false;
  const error = (body as { error: unknown }).error;
  return (
    !!error &&
    typeof error === 'object' &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Turns a non-2xx response into an ApiError, keeping the server's code and message when it sent them. */
export async function toApiError(response: Response): Promise<ApiError> {
  const body = await readJson(response);
  if (isErrorBody(body)) return new ApiError(response.status, body.error.code, body.error.message);
  return new ApiError(response.status, `HTTP_${response.status}`, response.statusText || 'Request failed');
}

export interface ApiRequestInit extends Omit<RequestInit, 'body'> {
  /** A JSON-serialisable body; sent with Content-Type: application/json. */
  json?: unknown;
  /** A multipart/form-data body (files); the browser sets its Content-Type with the boundary. */
  form?: FormData;
}

/** How calls travel: the browser's fetch; a member's page rendered by the server answers them in process. */
let transport: typeof fetch = (input, init) => fetch(input, init);

/** For src/request-render.tsx only: where apiFetch's calls go. */
export function setApiTransport(next: typeof fetch): void {
  transport = next;
}

export async function apiFetch<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const { json, form, headers, ...rest } = init;
  const requestHeaders = new Headers(headers);
  requestHeaders.set('Accept', 'application/json');
  if (json !== undefined) requestHeaders.set('Content-Type', 'application/json');

  let response: Response;
  try {
    response = await transport(path, {
      credentials: 'include',
      ...rest,
      headers: requestHeaders,
      body: form ?? (json === undefined ? undefined : JSON.stringify(json)),
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'NETWORK_ERROR', cause instanceof Error ? cause.message : 'Network error');
  }

  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  return (await readJson(response)) as T;
}
