import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useOutletContext } from 'react-router';
import { accountQueryKey } from '#web/lib/account.ts';

/** What the console layout hands its screens. */
export interface ConsoleContext {
  /** The app's own not-found page. */
  notFound: ReactNode;
}

/**
 * A console list answered 404: this account is no longer an operator. The account is asked again
 * (the console then gives way to the not-found page as a whole); that page shows meanwhile.
 */
export function AccessLost() {
  const { notFound } = useOutletContext<ConsoleContext>();
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: accountQueryKey() });
  }, [queryClient]);
  return notFound;
}
