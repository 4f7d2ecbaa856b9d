import { useParams } from 'react-router';
import { EditMediaScreen, NewMediaScreen } from '@/features/media-admin/components/media-editor';

/** /admin/media/new and /admin/media/:mediaid (admins only): the entry editor. */
export default function AdminMediaEditorPage() {
  const { mediaid } = useParams();
  return mediaid ? <EditMediaScreen key={mediaid} mediaId={mediaid} /> : <NewMediaScreen />;
}
