/** An API path with the query parameters that have a value (empty ones are left out). */
export function withQuery(path: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value) search.set(name, value);
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** The id in an API path segment. */
export const segment = (id: string | number) => encodeURIComponent(String(id));
