// Timestamps leave the API as ISO 8601 strings; see the rule in schema.ts.

/** Now, in the one text format our tables store (sorts in time order). */
export function nowIso(): string {
  return new Date().toISOString();
}

/** better-auth columns come back as Date (PostgreSQL) or ISO text (SQLite). */
export function toIso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}
