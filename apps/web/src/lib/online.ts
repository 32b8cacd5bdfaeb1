// Whether the browser has a network, as TanStack Query's onlineManager sees it (it pauses queries
// while offline and resumes them on reconnect), started from navigator.onLine.
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/** onlineManager assumes a network until an `offline` event; a page loaded offline never gets one. */
export function syncOnlineManager(): void {
  if (typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean') {
    onlineManager.setOnline(navigator.onLine);
  }
}

const subscribe = (onChange: () => void) => onlineManager.subscribe(() => onChange());
const isOnline = () => onlineManager.isOnline();

/** True while the browser has a network; re-renders when that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/** What needsNetwork reads of a TanStack query result. */
export interface NetworkAware {
  data: unknown;
  isError: boolean;
  fetchStatus?: 'fetching' | 'paused' | 'idle';
}

/**
 * A query with nothing to show that is waiting for the network: paused offline (it resumes by
 * itself on reconnect), or failed while offline. Its screen says so instead of "Loading…" or a
 * generic failure.
 */
export function needsNetwork(query: NetworkAware, online: boolean): boolean {
  if (query.data !== undefined) return false;
  return query.fetchStatus === 'paused' || (query.isError && !online);
}
