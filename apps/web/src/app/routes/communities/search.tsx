import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { CommunitySearch } from '@/features/communities/components/community-search';
import { useSearchText } from '@/lib/use-search-text';

/** /search: the community search list; the text comes from the top bar (`?q=`). */
export default function CommunitySearchPage() {
  const { t } = useTranslation('communities');
  const text = useSearchText();
  return (
    <Page title={t('title')}>
      <CommunitySearch text={text} />
    </Page>
  );
}
