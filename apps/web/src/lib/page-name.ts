// A screen that knows what it shows (a book's title, a member's name, "Book not found") names the
// browser's tab after it; other screens are named by their route's `handle.title`
// (app/page-title.tsx, which shows the name).
import { createContext, useContext, useEffect } from 'react';

export interface PageNaming {
  /** The name of the screen on show, or null once the screen that gave it has gone. */
  name: (name: string | null) => void;
  /** The server's render runs no effects: it is given the name as the screen renders (once). */
  duringRender?: boolean;
}

export const PageNamingContext = createContext<PageNaming>({ name: () => {} });

/** While mounted, the page is named `name` (in the reader's language); nothing while it is null. */
export function usePageName(name: string | null) {
  const naming = useContext(PageNamingContext);
  if (naming.duringRender && name !== null) naming.name(name);
  useEffect(() => {
    if (name === null) return;
    naming.name(name);
    return () => naming.name(null);
  }, [naming, name]);
}
