import { UnderConstruction } from '@/components/page/under-construction';

/** Placeholder while issue 09 builds this page (its owner replaces the whole file). */
export default function AdminMediaEditorPage() {
  return <UnderConstruction title="Media entry" />;
}
