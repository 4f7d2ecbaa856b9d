import type { IssueDetail, IssueMoments } from '@otakura/shared';
import { ArrowRight, MessagesSquare } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DiscussModal } from '../moment-comments';

export interface ReaderEndPanelProps {
  issue: IssueDetail;
  onClose: () => void;
  onIssueChange: (issueId: string) => void;
  /** The issue's comment counts (docs/moments.md): "Discuss vol 2 (42)" / "Discuss ch 3 (5)". */
  moments?: IssueMoments;
}

/** After the last page: on to the next issue, or back to the series when this is the latest. */
export function ReaderEndPanel({ issue, onClose, onIssueChange, moments }: ReaderEndPanelProps) {
  const { t } = useTranslation('reader');
  const { next } = issue;
  const discuss = useDiscuss(issue, moments);
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
      {discuss.button}
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
      {discuss.modal}
    </section>
  );
}

/**
 * At the end of a volume's last issue, "Discuss vol 2 (42)" opens the comments about all its
 * issues; elsewhere (a sequence, or mid-volume) "Discuss ch 3 (5)" opens the issue's.
 */
function useDiscuss(issue: IssueDetail, moments: IssueMoments | undefined) {
  const { t } = useTranslation('moments');
  const [open, setOpen] = useState(false);
  if (!moments) return { button: null, modal: null };
  const volume = moments.volume?.lastIssue ? moments.volume : null;
  const label = volume
    ? t('discussVolume', { number: volume.number, count: volume.commentCount })
    : t('discussIssue', { number: issue.number, count: moments.commentCount });
  return {
    button: (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <MessagesSquare aria-hidden="true" size={18} />
        {label}
      </Button>
    ),
    modal: (
      <DiscussModal
        open={open}
        onClose={() => setOpen(false)}
        title={
          volume
            ? t('discussVolumeTitle', { number: volume.number })
            : t('discussIssueTitle', { number: issue.number })
        }
        source={
          volume
            ? { kind: 'volume', mediaId: issue.media.id, volumeId: volume.id }
            : {
                kind: 'issue',
                mediaId: issue.media.id,
                issueId: issue.id,
                until: Math.max(1, issue.pages.length),
              }
        }
        composer={{
          pin: { issueId: issue.id },
          label: t('composeOnIssue', { number: issue.number }),
        }}
      />
    ),
  };
}
