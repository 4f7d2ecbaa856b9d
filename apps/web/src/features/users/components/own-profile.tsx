import type { PublicProfile } from '@otakura/shared';
import type { ReactNode } from 'react';
import { useMeQuery } from '../api/get-me';
import { OwnedVolumes } from './owned-volumes';
import { ProfileLoadError } from './profile-states';
import { ProfileSkeleton } from './profile-skeleton';
import { ProfileView } from './profile-view';

/**
 * /profile: the signed-in user's profile, with editable pictures and the set-once inputs.
 * `renderPosts` draws their posts under the counts (composed by the page from the posts feature).
 */
export function OwnProfile({
  renderPosts,
}: {
  renderPosts?: (profile: PublicProfile) => ReactNode;
}) {
  const me = useMeQuery();
  if (me.isPending) return <ProfileSkeleton />;
  if (me.isError) return <ProfileLoadError error={me.error} onRetry={() => void me.refetch()} />;
  return (
    <ProfileView profile={me.data} me={me.data} shelves={<OwnedVolumes userId={me.data.id} own />}>
      {renderPosts?.(me.data)}
    </ProfileView>
  );
}
