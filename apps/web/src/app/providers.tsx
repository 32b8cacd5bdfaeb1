import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { AuthProvider } from '#web/lib/auth.tsx';
import { createQueryClient } from '#web/lib/query-client.ts';
import { ThemeProvider } from '#web/theme/ThemeProvider.tsx';

/** Everything the router's screens rely on: server-state cache, theme, session. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <AuthProvider>{children}</AuthProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
