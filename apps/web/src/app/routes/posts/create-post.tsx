import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { CreatePostForm } from '@/features/posts/components/create-post-form';

/** /create-post: tabs Text, Media, Url (spec §2, §4, §5). */
export default function CreatePostPage() {
  const { t } = useTranslation('posts');
  return (
    <Page title={t('composer.pageTitle')} width="narrow">
      <CreatePostForm />
    </Page>
  );
}
