import { useParams } from 'react-router';
import { CommunityEditor } from '@/features/admin/components/community-editor';

/** `/admin/communities/new` (no id) and `/admin/communities/:communityid`. */
export default function AdminCommunityEditorPage() {
  const { communityid } = useParams();
  return <CommunityEditor key={communityid ?? 'new'} communityId={communityid} />;
}
