import { Hammer } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { Page, type PageProps } from './page';

/** A route whose feature is not built yet: its heading and an honest empty state, no made-up data. */
export function UnderConstruction({
  title,
  subtitle,
  icon = <Hammer />,
  width,
}: Pick<PageProps, 'title' | 'subtitle' | 'width'> & { icon?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Page title={title} subtitle={subtitle} width={width}>
      <EmptyState
        icon={icon}
        title={t('underConstruction.title')}
        description={t('underConstruction.description')}
      />
    </Page>
  );
}
