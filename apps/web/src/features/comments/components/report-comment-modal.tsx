import { TIMINGS, type Comment } from '@otakura/shared';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useReportCommentMutation } from '../api/report-comment';

export interface ReportCommentModalProps {
  /** The comment being reported; null closes the modal. */
  comment: Comment | null;
  onClose: () => void;
}

/**
 * Report a comment: after the server took the report, and the spec's 500 ms, the modal says
 * 'Comment reported successfully. Please give our team 24 hours to work on the request.'
 * A failure is logged only (spec §8).
 */
export function ReportCommentModal({ comment, onClose }: ReportCommentModalProps) {
  const { t } = useTranslation('comments');
  return (
    <Modal
      open={comment !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('report.title')}
      size="sm"
      className="comments-sheet comments-sheet--form"
    >
      {comment ? <ReportBody key={comment.id} comment={comment} onDone={onClose} /> : null}
    </Modal>
  );
}

function ReportBody({ comment, onDone }: { comment: Comment; onDone: () => void }) {
  const { t } = useTranslation('comments');
  const report = useReportCommentMutation();
  const [phase, setPhase] = useState<'ask' | 'sending' | 'done'>('ask');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const send = () => {
    setPhase('sending');
    report.mutate(comment.id, {
      onSuccess: () => {
        timer.current = setTimeout(() => setPhase('done'), TIMINGS.reportConfirmationDelayMs);
      },
      onError: (error) => {
        console.error('Reporting the comment failed', error);
        setPhase('ask');
      },
    });
  };

  if (phase === 'done') {
    return (
      <div className="comment-report">
        <p className="comment-report__success" role="status">
          <CircleCheck aria-hidden="true" />
          <span>{t('report.success')}</span>
        </p>
        <div className="comment-report__actions">
          <Button onClick={onDone} autoFocus>
            {t('report.done')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="comment-report">
      <p className="comment-report__description">{t('report.description')}</p>
      <blockquote className="comment-report__quote">
        <Avatar
          name={comment.author.username}
          src={comment.author.avatarUrl}
          size={24}
          decorative
        />
        <div>
          <span className="comment-report__author">{comment.author.username}</span>
          <p className="comment-report__text">{comment.body}</p>
        </div>
      </blockquote>
      <div className="comment-report__actions">
        <Button variant="secondary" onClick={onDone} disabled={phase === 'sending'}>
          {t('cancel')}
        </Button>
        <Button variant="danger" onClick={send} loading={phase === 'sending'}>
          {t('report.submit')}
        </Button>
      </div>
    </div>
  );
}
