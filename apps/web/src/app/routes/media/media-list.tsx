import { ListVideo } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '@/components/page/page';
import { Button } from '@/components/ui/button';
import { MediaList } from '@/features/media/components/media-list';
import { useSearchText } from '@/lib/use-search-text';

/** /media: the searchable alphabetical list of series; the text comes from the top bar (`?q=`). */
export default function MediaListPage() {
  const { t } = useTranslation('media');
  const text = useSearchText();
  return (
    <Page
      title={t('title')}
      actions={
        <Button asChild variant="secondary">
          <Link to="/episodes">
            <ListVideo aria-hidden="true" size={18} />
            {t('list.latestEpisodes')}
          </Link>
        </Button>
      }
    >
      <MediaList text={text} />
    </Page>
  );
}
