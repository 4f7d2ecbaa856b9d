import { FileText } from 'lucide-react';
import { UnderConstruction } from '@/components/page/under-construction';

/** /post/:postid: a single post. Filled by its feature's issue. */
export default function PostPage() {
  return <UnderConstruction title="Post" icon={<FileText />} />;
}
