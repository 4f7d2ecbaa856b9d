import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LogoMark } from '@/components/brand/logo';
import { useDocumentTitle } from '@/components/page/page';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import './not-found.css';

export default function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.notFound'));
  return (
    <main className="not-found">
      <LogoMark size={48} alt="" />
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <EmptyState
        headingLevel={1}
        title={t('notFound.title')}
        description={t('notFound.description')}
        action={
          <Button asChild size="lg">
            <Link to="/">{t('notFound.action')}</Link>
          </Button>
        }
      />
    </main>
  );
}
