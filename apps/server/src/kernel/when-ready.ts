/**
 * `next(value)` at once when `value` is here, else once its promise settles. For the request paths
 * whose parts are usually remembered: each `await` of a value already here still costs a promise
 * and a turn of the microtask queue (docs/performance.md, nineteenth session).
 */
export function whenReady<T, R>(value: T | Promise<T>, next: (value: T) => R | Promise<R>): R | Promise<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}
