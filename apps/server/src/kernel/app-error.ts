// The one error a service, the kernel or an adapter throws for an expected failure. It carries
// the HTTP status and code the API answers with (http/errors.ts turns it into the JSON body), so
// that a rule is stated once, where it is checked, without the service knowing of requests.

/** E.g. `new AppError(404, 'USER_NOT_FOUND', 'Darker not found')`; the message is safe to show. */
export class AppError extends Error {
  /** Sent as Retry-After with a 429: when asking again can succeed. */
  retryAfterSeconds?: number;

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
