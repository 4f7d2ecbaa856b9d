import type { IssueDetail } from '@otakura/shared';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

export interface ReaderEndPanelProps {
  issue: IssueDetail;
  onClose: () => void;
  onIssueChange: (issueId: string) => void;
}

/** After the last page: on to the next issue, or back to the series when this is the latest. */
export function ReaderEndPanel({ issue, onClose, onIssueChange }: ReaderEndPanelProps) {
  const { t } = useTranslation('reader');
  const { next } = issue;
  return (
    <section
      className="reader-end"
      aria-labelledby="reader-end-title"
      // Buttons here are not page turns or menu taps.
      onClick={(e) => e.stopPropagation()}
      onPointerUp={(e) => e.stopPropagation()}
    >
      <h2 id="reader-end-title" className="reader-end__title">
        {t('end.title', { number: issue.number })}
      </h2>
      {next ? (
        <>
          <Button size="lg" onClick={() => onIssueChange(next.id)}>
            {next.title
              ? t('end.next', { number: next.number, title: next.title })
              : t('end.nextUntitled', { number: next.number })}
            <ArrowRight aria-hidden="true" size={18} />
          </Button>
          <Button variant="ghost" onClick={onClose}>
            {t('backToSeries')}
          </Button>
        </>
      ) : (
        <>
          <p className="reader-end__note">{t('end.last')}</p>
          <Button size="lg" onClick={onClose}>
            {t('backToSeries')}
          </Button>
        </>
      )}
    </section>
  );
}
