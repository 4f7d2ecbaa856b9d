import { useTranslation } from 'react-i18next';
import { LogoMark } from '@/components/brand/logo';
import { Spinner } from '@/components/ui/spinner';
import './loading-screen.css';

/** Full-screen 'Loading...' (spec §2): the logo and a spinner; the text is visible and announced. */
export function LoadingScreen({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <LogoMark size={56} alt="" className="loading-screen__mark" />
      <div className="loading-screen__row">
        <Spinner size={18} />
        <p className="loading-screen__text">{label ?? t('loading')}</p>
      </div>
    </div>
  );
}
