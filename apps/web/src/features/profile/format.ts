/** "Joined March 5, 2026" — the spec asks for a long US-English date whatever the interface language. */
export function formatJoinDate(value: string | Date): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(
    value instanceof Date ? value : new Date(value),
  );
}
