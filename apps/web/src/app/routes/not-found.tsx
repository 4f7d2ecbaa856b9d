import { Link } from 'react-router';
import { LogoMark } from '@/components/brand/logo';
import { useDocumentTitle } from '@/components/page/page';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import './not-found.css';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <main className="not-found">
      <LogoMark size={48} alt="" />
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <EmptyState
        headingLevel={1}
        title="This page wandered off."
        description="The link may be broken, or the page may have been removed."
        action={
          <Button asChild size="lg">
            <Link to="/">Take me home</Link>
          </Button>
        }
      />
    </main>
  );
}
