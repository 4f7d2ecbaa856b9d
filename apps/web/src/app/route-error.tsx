import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { isApiError } from '@/lib/api-client';
import './route-error.css';

/** A route's error boundary: the rest of the app keeps working; the user can retry or go home. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();

  useEffect(() => {
    console.error(error);
  }, [error]);

  const notFound =
    (isRouteErrorResponse(error) && error.status === 404) ||
    (isApiError(error) && error.status === 404);
  const offline = isApiError(error, 'network-request-failed');

  return (
    <div className="route-error" role="alert">
      <EmptyState
        icon={<TriangleAlert />}
        title={notFound ? t('routeError.notFoundTitle') : t('routeError.title')}
        description={
          offline && isApiError(error)
            ? error.message
            : notFound
              ? t('routeError.notFoundDescription')
              : t('routeError.description')
        }
        action={
          <div className="route-error__actions">
            <Button onClick={() => window.location.reload()}>{t('actions.reload')}</Button>
            <Button variant="secondary" asChild>
              <Link to="/">{t('actions.goHome')}</Link>
            </Button>
          </div>
        }
      />
    </div>
  );
}
