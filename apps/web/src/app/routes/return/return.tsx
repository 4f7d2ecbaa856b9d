import { LogoMark } from '@/components/brand/logo';
import { useDocumentTitle } from '@/components/page/page';
import './return.css';

/** `/return`: only a centred logo image that follows the theme (spec §2). */
export default function ReturnPage() {
  useDocumentTitle(undefined);
  return (
    <main className="return-page">
      <LogoMark size={160} />
    </main>
  );
}
