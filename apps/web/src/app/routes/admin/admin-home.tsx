import { AdminHome } from '@/features/admin/components/admin-home';

/** `/admin`: the administration's home (admins only; RequireRole in the router). */
export default function AdminHomePage() {
  return <AdminHome />;
}
