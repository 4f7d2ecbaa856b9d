import { SquarePen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/** A profile without posts: on one's own, the next step; on others', a friendly line. */
export function ProfilePostsEmpty({ username, own }: { username: string; own?: boolean }) {
  const { t } = useTranslation('users');
  return own ? (
    <EmptyState
      icon={<SquarePen />}
      title={t('posts.emptyOwn')}
      description={t('posts.emptyOwnDescription')}
      headingLevel={3}
      action={
        <Button asChild>
          <Link to="/create-post">{t('posts.createPost')}</Link>
        </Button>
      }
    />
  ) : (
    <EmptyState
      icon={<SquarePen />}
      title={t('posts.empty')}
      description={t('posts.emptyDescription', { username })}
      headingLevel={3}
    />
  );
}
