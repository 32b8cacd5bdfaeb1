// Every console query starts with ['admin'], so an action can refresh all of it (the audit list
// grows with every action) and signing out clears it with the rest.

export const adminKeys = {
  all: () => ['admin'] as const,
  inboxLists: () => ['admin', 'inbox', 'list'] as const,
  inboxList: (status: string) => ['admin', 'inbox', 'list', status] as const,
  message: (messageId: string) => ['admin', 'inbox', 'message', messageId] as const,
  reports: () => ['admin', 'reports'] as const,
  reportList: (status: string) => ['admin', 'reports', status] as const,
  members: () => ['admin', 'members'] as const,
  memberSearch: (query: string) => ['admin', 'members', query] as const,
  audit: () => ['admin', 'audit'] as const,
};

/** The cursor of the page after this one, as TanStack's infinite queries want it. */
export const nextCursor = (page: { nextCursor: string | null }) => page.nextCursor ?? undefined;
