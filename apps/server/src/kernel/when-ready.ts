/**
 * `next(value)` at once when `value` is here, else once its promise settles. For the request paths
 * whose parts are usually remembered (the caches hand back a loaded answer as it is): each `await`
 * of a value already here still costs a promise and a turn of the microtask queue
 * (docs/performance.md, eighteenth and nineteenth sessions).
 */
export function whenReady<T, R>(value: T | Promise<T>, next: (value: T) => R | Promise<R>): R | Promise<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}

type Ready<T extends readonly unknown[]> = { [K in keyof T]: Awaited<T[K]> };

/** `whenReady` for several values: `next` at once when none is a promise, else after them all. */
export function whenAllReady<const T extends readonly unknown[], R>(
  values: T,
  next: (values: Ready<T>) => R | Promise<R>,
): R | Promise<R> {
  return values.some(isPromise)
    ? Promise.all(values).then((ready) => next(ready as Ready<T>))
    : next(values as Ready<T>);
}

// Made once, not on each call: the preview calls whenAllReady three times a request.
const isPromise = (value: unknown) => value instanceof Promise;
