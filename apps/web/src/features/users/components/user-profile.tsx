import type { PublicProfile } from '@otakura/shared';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { useUserQuery } from '../api/get-user';
import { FollowButton } from './follow-button';
import { ProfileLoadError, ProfileNotFound } from './profile-states';
import { ProfileSkeleton } from './profile-skeleton';
import { ProfileView } from './profile-view';

export interface UserProfileProps {
  userId: string;
  /** Their posts under the counts (composed by the page from the posts feature). */
  renderPosts?: (profile: PublicProfile) => ReactNode;
}

/** /user/:id: another user's profile with Follow/Unfollow; one's own id goes to /profile. */
export function UserProfile({ userId, renderPosts }: UserProfileProps) {
  const query = useUserQuery(userId);
  if (query.isPending) return <ProfileSkeleton />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <ProfileNotFound />;
    return <ProfileLoadError error={query.error} onRetry={() => void query.refetch()} />;
  }
  const profile = query.data;
  if (profile.isSelf) return <Navigate to="/profile" replace />;
  return (
    <ProfileView profile={profile} actions={<FollowButton profile={profile} />}>
      {renderPosts?.(profile)}
    </ProfileView>
  );
}
