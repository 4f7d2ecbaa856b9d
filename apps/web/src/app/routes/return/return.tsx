import { LogoMark } from '@/components/brand/logo';
import { useDocumentTitle } from '@/components/page/page';
import './return.css';

/** `/return`: only a centred logo image that follows the theme (spec §2). */
export default function ReturnPage() {
  useDocumentTitle(undefined);
  return (
    <main className="return-page">
      {/* The heading is the logo itself: nothing else shows, and the page still has a name. */}
      <h1 className="return-page__heading">
        <LogoMark size={160} />
      </h1>
    </main>
  );
}
