import type { PublicProfile } from '@otakura/shared';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { ReportButton } from '@/components/report/report-button';
import { isApiError } from '@/lib/api-client';
import { useUserQuery } from '../api/get-user';
import { FollowButton } from './follow-button';
import { ProfileBlockedNotice, ProfileLoadError, ProfileNotFound } from './profile-states';
import { ProfileSkeleton } from './profile-skeleton';
import { ProfileView } from './profile-view';
import { OwnedVolumes } from './owned-volumes';

export interface UserProfileProps {
  userId: string;
  /** Their posts under the counts (composed by the page from the posts feature). */
  renderPosts?: (profile: PublicProfile) => ReactNode;
  /** Block / Unblock next to Follow (composed by the page from the settings feature). */
  renderBlock?: (profile: PublicProfile) => ReactNode;
  /** The viewer blocked this user: no Follow, and a notice in place of their posts. */
  blocked?: boolean;
}

/**
 * /user/:id: another user's profile with Follow/Unfollow (and Block/Unblock when the page gives
 * it) and Report; one's own id goes to /profile.
 */
export function UserProfile({
  userId,
  renderPosts,
  renderBlock,
  blocked = false,
}: UserProfileProps) {
  const query = useUserQuery(userId);
  if (query.isPending) return <ProfileSkeleton />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <ProfileNotFound />;
    return <ProfileLoadError error={query.error} onRetry={() => void query.refetch()} />;
  }
  const profile = query.data;
  if (profile.isSelf) return <Navigate to="/profile" replace />;
  return (
    <ProfileView
      profile={profile}
      shelves={blocked ? null : <OwnedVolumes userId={profile.id} />}
      actions={
        <>
          {blocked ? null : <FollowButton profile={profile} />}
          {renderBlock?.(profile)}
          <ReportButton
            kind="user"
            targetId={profile.id}
            subject={{
              name: `@${profile.username}`,
              avatarUrl: profile.avatarUrl,
              text: profile.bio,
            }}
          />
        </>
      }
    >
      {blocked ? <ProfileBlockedNotice username={profile.username} /> : renderPosts?.(profile)}
    </ProfileView>
  );
}
