import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isNotFoundError } from '#web/lib/api.ts';
import { needsNetwork, useOnline } from '#web/lib/online.ts';
import { Spinner } from './Spinner.tsx';
import { ErrorState, OfflineState } from './States.tsx';

/** What QueryState reads of a TanStack query (or infinite query) result. */
export interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  /** TanStack's fetch status: "paused" while it waits for the network. */
  fetchStatus?: 'fetching' | 'paused' | 'idle';
  refetch: () => unknown;
}

interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** Shown while the first load is under way: a small spinner and "Loading…" unless given. */
  pending?: ReactNode;
  /**
   * Shown when the API answered 404, or when `isMissing` says the data is not what the address
   * names. Without it, a 404 is a failure like any other.
   */
  notFound?: ReactNode;
  isMissing?: (data: T) => boolean;
  /** A failed load: the message of an ErrorState with a retry, or a screen of its own given the retry. */
  error: string | ((retry: () => void) => ReactNode);
  /** Keep showing the data when a later fetch fails (a list's next page reports its own failure). */
  keepDataOnError?: boolean;
  children: (data: T) => ReactNode;
}

/**
 * The states of a screen's query, in one place: not found, waiting for the network (offline, with
 * a retry), failed (with a retry), loading, loaded.
 */
export function QueryState<T>({
  query,
  pending,
  notFound,
  isMissing,
  error,
  keepDataOnError = false,
  children,
}: QueryStateProps<T>) {
  const { data } = query;
  const online = useOnline();
  if (notFound !== undefined) {
    if (isNotFoundError(query.error) || (data !== undefined && isMissing?.(data))) return notFound;
  }
  if (needsNetwork(query, online)) return <OfflineState onRetry={() => void query.refetch()} />;
  if (query.isError && !(keepDataOnError && data !== undefined)) {
    const retry = () => void query.refetch();
    return typeof error === 'string' ? <ErrorState message={error} onRetry={retry} /> : error(retry);
  }
  if (query.isPending || data === undefined) return pending ?? <LoadingLine />;
  return children(data);
}

function LoadingLine() {
  const { t } = useTranslation();
  return (
    <p role="status">
      <Spinner size="small" /> {t('common.loading')}
    </p>
  );
}
