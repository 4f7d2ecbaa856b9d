import { Ban, CircleAlert, UserRoundX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useDocumentTitle } from '@/components/page/page';
import { apiErrorText } from '@/lib/api-error-text';

/** `/user/:id` of nobody we can show (unknown, malformed, banned): one answer for all. */
export function ProfileNotFound() {
  const { t } = useTranslation('users');
  useDocumentTitle(t('notFound.title'));
  return (
    <EmptyState
      icon={<UserRoundX />}
      title={t('notFound.title')}
      description={t('notFound.description')}
      headingLevel={1}
      action={
        <Button asChild variant="secondary">
          <Link to="/feed">{t('notFound.action')}</Link>
        </Button>
      }
    />
  );
}

/** Any other failure: what happened, and a way to try again. */
export function ProfileLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('users');
  return (
    <EmptyState
      icon={<CircleAlert />}
      title={t('loadError.title')}
      description={apiErrorText(t, error)}
      headingLevel={1}
      action={<Button onClick={onRetry}>{t('loadError.retry')}</Button>}
    />
  );
}

/** In place of the posts of someone the viewer blocked (the server leaves them out anyway). */
export function ProfileBlockedNotice({ username }: { username: string }) {
  const { t } = useTranslation('users');
  return (
    <EmptyState
      className="profile__blocked"
      icon={<Ban />}
      title={t('blocked.title', { username })}
      description={t('blocked.description')}
      headingLevel={3}
    />
  );
}
