// better-auth keeps each call's state (its endpoint context, request state and transaction) in
// three AsyncLocalStorages. On Node 20 and 22 an AsyncLocalStorage works through async_hooks:
// once one has run, every promise and every socket write of every request in the process pays
// for carrying its store along, though better-auth runs on few requests (sign-in, sign-up, a
// session not remembered: auth/session-cache.ts). So each of the three is switched off whenever
// none of its runs is under way, and switches itself back on at its next run (Node's `run` does).
// better-auth awaits all of its work inside its runs (decision 022), so nothing of its own is left
// to read a store once the last run has ended.
import type { AsyncLocalStorage } from 'node:async_hooks';
import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from '@better-auth/core/context';

/** Storages already switched (they are the process's, shared by every app built in it). */
const switched = new WeakSet<AsyncLocalStorage<unknown>>();

/** better-auth's three stores, as its own getters hand them out. */
export async function authStorages(): Promise<AsyncLocalStorage<unknown>[]> {
  const storages = await Promise.all([
    getCurrentAuthContextAsyncLocalStorage(),
    getRequestStateAsyncLocalStorage(),
    getCurrentDBAdapterAsyncLocalStorage(),
  ]);
  return storages as AsyncLocalStorage<unknown>[];
}

export async function switchAuthContextsOffWhenIdle(): Promise<void> {
  for (const storage of await authStorages()) offWhenIdle(storage);
}

/** Whether a storage costs anything while idle: the async_hooks kind has `enabled` (Node 24's frames do not). */
export function usesAsyncHooks(storage: AsyncLocalStorage<unknown>): boolean {
  return 'enabled' in storage;
}

function offWhenIdle(storage: AsyncLocalStorage<unknown>): void {
  if (switched.has(storage) || !usesAsyncHooks(storage)) return;
  switched.add(storage);
  const run = storage.run.bind(storage);
  let running = 0;
  const ended = () => {
    running--;
    if (running === 0) storage.disable();
  };
  storage.run = <R>(store: unknown, callback: (...args: unknown[]) => R, ...args: unknown[]): R => {
    running++;
    let result: R;
    try {
      result = run(store, callback, ...args);
    } catch (error) {
      ended();
      throw error;
    }
    if (result instanceof Promise) return result.finally(ended) as R;
    ended();
    return result;
  };
}
