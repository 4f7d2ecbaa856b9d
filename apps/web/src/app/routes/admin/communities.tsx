import { CommunityList } from '@/features/admin/components/community-list';

/** `/admin/communities`: every community, searchable, with its editor one click away. */
export default function AdminCommunitiesPage() {
  return <CommunityList />;
}
