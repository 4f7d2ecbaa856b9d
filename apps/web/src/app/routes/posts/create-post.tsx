import { SquarePlus } from 'lucide-react';
import { UnderConstruction } from '@/components/page/under-construction';

/** /create-post: tabs Text, Media, Url. Filled by its feature's issue. */
export default function CreatePostPage() {
  return <UnderConstruction title="Create Post" icon={<SquarePlus />} />;
}
