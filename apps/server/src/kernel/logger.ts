// Where a service reports what it could not finish but need not fail for, and what it did on its
// own (e.g. the storage sweep); pino's logger fits.
export interface Logger {
  error(details: object, message: string): void;
  info(details: object, message: string): void;
}
