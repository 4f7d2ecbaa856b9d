import type { UserSummary } from '@otakura/shared';
import { useMemo, type ReactNode } from 'react';
import { CommentsViewerProvider } from '@/features/comments/components/comments-viewer';
import { refreshSession } from '@/features/auth/api/auth-client';
import { useSession } from '@/features/auth/hooks/use-session';
import { LiveClientProvider } from '@/lib/live/live-provider';

/**
 * The live socket while signed in (lib/live: one per tab, reconnecting, refetching on resync),
 * and the viewer for the comments feature. What each event changes is the business of each
 * feature's live hook (`usePostsLive`, `useCommentsLive`, `useCommunityLive`, `useUserLive`),
 * called by the pages that show that data.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const user = session.status === 'signed-in' ? session.user : null;
  const viewer = useMemo<UserSummary | null>(() => {
    if (!user) return null;
    // The username plugin adds `username`; the client's types do not know it.
    const username = (user as { username?: string | null }).username ?? user.name;
    return { id: user.id, username, name: user.name, avatarUrl: user.image ?? null };
  }, [user]);

  return (
    <LiveClientProvider
      enabled={viewer !== null}
      sessionKey={viewer?.id ?? null}
      onUnauthorized={refreshSession}
    >
      <CommentsViewerProvider viewer={viewer}>{children}</CommentsViewerProvider>
    </LiveClientProvider>
  );
}
