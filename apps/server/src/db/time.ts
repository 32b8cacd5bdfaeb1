// Timestamps leave the API as ISO 8601 strings; see the rule in schema.ts.

/** Now, in the one text format our tables store (sorts in time order). */
export function nowIso(): string {
  return new Date().toISOString();
}

/** Exactly what Date#toISOString writes (UTC, milliseconds, years 0000–9999). */
const CANONICAL_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * better-auth columns come back as Date (PostgreSQL) or ISO text (SQLite). Text already in the
 * canonical form is returned as it is: parsing and formatting it again was ~4 % of a profile
 * request's CPU (a date per thought).
 */
export function toIso(value: Date | string): string {
  if (value instanceof Date) return value.toISOString();
  return CANONICAL_ISO.test(value) ? value : new Date(value).toISOString();
}
