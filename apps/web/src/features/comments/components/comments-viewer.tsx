import type { UserSummary } from '@otakura/shared';
import { createContext, useContext, type ReactNode } from 'react';

const CommentsViewerContext = createContext<UserSummary | null>(null);

/**
 * Who is looking: decides which options a comment offers (Edit/Delete for its author, Share/Report
 * for others) and who authors an optimistic comment. The app provides it from the session
 * (app/live-provider.tsx); features cannot read the auth feature themselves.
 */
export function CommentsViewerProvider({
  viewer,
  children,
}: {
  viewer: UserSummary | null;
  children: ReactNode;
}) {
  return <CommentsViewerContext.Provider value={viewer}>{children}</CommentsViewerContext.Provider>;
}

export function useCommentsViewer(): UserSummary | null {
  return useContext(CommentsViewerContext);
}
