// The methods that change state. The hooks only a write needs (the write rate limit, refusing a
// suspended member's writes, forgetting the writer's remembered reads) are attached to the routes
// that take one of them, so reads run none of them.
export const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a route of `method` (one or several) takes a write. */
export function takesWrites(method: string | readonly string[]): boolean {
  return [method].flat().some((each) => WRITE_METHODS.has(each));
}

/** A request that writes through Sahifa's own API (/api/v1; better-auth's /api/auth is apart). */
export function isApiV1Write(request: { method: string; url: string }): boolean {
  return WRITE_METHODS.has(request.method) && request.url.startsWith('/api/v1/');
}
