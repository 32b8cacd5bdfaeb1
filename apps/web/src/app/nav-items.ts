import type { IconName } from '#web/components/ui/Icon.tsx';

export interface NavItem {
  to: string;
  /** Translation key of the label. */
  label: string;
  /** Shorter label for the phone bottom bar. */
  shortLabel?: string;
  icon: IconName;
}

/** The five destinations of the phone bottom bar (the rest are under "More"). */
export const PRIMARY_NAV: readonly NavItem[] = [
  { to: '/app/home', label: 'nav.home', icon: 'home' },
  { to: '/app/books', label: 'nav.books', icon: 'books' },
  { to: '/app/search', label: 'nav.search', icon: 'search' },
  { to: '/app/my-library', label: 'nav.myLibrary', shortLabel: 'nav.myLibraryShort', icon: 'library' },
  { to: '/app/thoughts', label: 'nav.thoughts', icon: 'thoughts' },
];

/** The rest; the console only for operators (GET /api/v1/me/account says so). */
export function secondaryNav(userNumber: number | null | undefined, operator = false): NavItem[] {
  return [
    { to: '/app/moejrAI', label: 'nav.moejrAI', icon: 'assistant' },
    { to: '/app/add-book', label: 'nav.addBook', icon: 'add' },
    { to: '/app/support', label: 'nav.support', icon: 'support' },
    { to: '/app/billing', label: 'nav.billing', icon: 'billing' },
    ...(userNumber ? [{ to: `/app/${userNumber}`, label: 'nav.profile', icon: 'profile' as const }] : []),
    { to: '/app/settings', label: 'nav.settings', icon: 'settings' },
    ...(operator ? [{ to: '/app/admin', label: 'admin.nav', icon: 'console' as const }] : []),
  ];
}
