import { useSearchParams } from 'react-router';

/** A list's filter, kept in ?status= so a reload, Back and a shared link show the same list. */
export function useStatusFilter<F extends string>(filters: readonly F[], fallback: F) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const current = filters.find((filter) => filter === raw) ?? fallback;

  function select(filter: F) {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (filter === fallback) next.delete('status');
        else next.set('status', filter);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  return [current, select] as const;
}
