import { AdminMediaListScreen } from '@/features/media-admin/components/admin-media-list';

/** /admin/media (admins only): the media entries, searchable, with New entry. */
export default function AdminMediaPage() {
  return <AdminMediaListScreen />;
}
