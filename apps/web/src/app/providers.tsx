import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastProvider } from '@/components/ui/toast';
import { ThemeProvider } from '@/lib/theme';
// Applies the reduced-motion choice to <html> on every page (lib/motion.ts).
import '@/lib/motion';
import { MobileRedirect } from './mobile-redirect';
import { LiveProvider } from './live-provider';

/** Everything the app needs around the router: theme, query cache, toasts. */
export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <LiveProvider>{children}</LiveProvider>
          <MobileRedirect />
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
