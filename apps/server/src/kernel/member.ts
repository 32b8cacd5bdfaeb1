// What a service needs to know of the signed-in member it acts for (auth's session user has more).
export interface Member {
  id: string;
  name: string;
}

/** Where a service reports what it could not finish but need not fail for (pino fits). */
export interface Logger {
  error(details: object, message: string): void;
}
