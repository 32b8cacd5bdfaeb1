// A screen's data starts loading when the router knows where it is going, alongside the screen's
// code, instead of once that code has arrived and the screen has rendered (a first visit to
// /app/home waited ~0.5 s for that on a fast machine).
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, Params } from 'react-router';
import { browserStorage, readLastSession } from '#web/lib/last-session.ts';
import { currentSession, subscribeToSession } from '#web/lib/session.ts';

/**
 * A route loader that starts the screen's queries in `queryClient` and resolves at once (the
 * screen still renders from its own queries, which find them in flight or answered).
 */
export function screenData(queryClient: QueryClient | undefined, start: StartScreenData): LoaderFunction {
  const loader: LoaderFunction = ({ params }) => {
    if (queryClient) whenMember(() => start(queryClient, params));
    return null;
  };
  starts.set(loader, start);
  return loader;
}

type StartScreenData = (client: QueryClient, params: Params) => void;
const starts = new WeakMap<LoaderFunction, StartScreenData>();

/** What a loader made by screenData starts: the server's render (src/request-render.tsx) runs it. */
export function screenDataOf(loader: unknown): StartScreenData | undefined {
  return typeof loader === 'function' ? starts.get(loader as LoaderFunction) : undefined;
}

/**
 * Runs `then` for a member only (a visitor's requests would only collect 401s): at once when one
 * is signed in, or was on this device; otherwise as soon as the session check finds one.
 */
function whenMember(then: () => void): void {
  const now = currentSession();
  if (now.user || readLastSession(browserStorage())) {
    then();
    return;
  }
  if (!now.isPending) return;
  const stop = subscribeToSession(() => {
    const { user, isPending } = currentSession();
    if (isPending) return;
    stop();
    if (user) then();
  });
}
