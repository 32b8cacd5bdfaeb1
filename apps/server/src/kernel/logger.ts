// Where a service reports what it could not finish but need not fail for (pino's logger fits).
export interface Logger {
  error(details: object, message: string): void;
}
