import { Clapperboard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '@/components/page/page';
import { Button } from '@/components/ui/button';
import { EpisodesView } from '@/features/media/components/episodes-view';

/** /episodes: continue watching, then the newest episodes; `?episode={id}` opens the player. */
export default function EpisodesPage() {
  const { t } = useTranslation('media');
  return (
    <Page
      title={t('episodes.title')}
      actions={
        <Button asChild variant="secondary">
          <Link to="/media">
            <Clapperboard aria-hidden="true" size={18} />
            {t('episodes.allSeries')}
          </Link>
        </Button>
      }
    >
      <EpisodesView />
    </Page>
  );
}
