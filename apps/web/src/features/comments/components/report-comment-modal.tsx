import { LIMITS, REPORT_REASONS, TIMINGS, type Comment, type ReportReason } from '@otakura/shared';
import { CircleCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { formatNumber } from '@/lib/i18n';
import { useReportCommentMutation } from '../api/report-comment';

export interface ReportCommentModalProps {
  /** The comment being reported; null closes the modal. */
  comment: Comment | null;
  onClose: () => void;
}

/**
 * Report a comment with a reason (Other takes optional details, up to 500 characters); Report
 * stays disabled until a reason is chosen. After the server took the report, and the spec's
 * 500 ms, the modal says
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
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const name = useId();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const send = () => {
    if (!reason) return;
    setPhase('sending');
    const input = {
      commentId: comment.id,
      reason,
      details: reason === 'other' && details.trim() ? details.trim() : undefined,
    };
    report.mutate(input, {
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
      <fieldset className="comment-report__reasons" disabled={phase === 'sending'}>
        <legend className="comment-report__legend">{t('report.reasonLegend')}</legend>
        {REPORT_REASONS.map((value) => (
          <label key={value} className="comment-report__reason">
            <input
              type="radio"
              name={name}
              value={value}
              checked={reason === value}
              onChange={() => setReason(value)}
              className="comment-report__radio"
            />
            <span>{t(`report.reasons.${value}`)}</span>
          </label>
        ))}
      </fieldset>
      {reason === 'other' ? (
        <Textarea
          label={t('report.detailsLabel')}
          hint={t('report.detailsCounter', {
            length: formatNumber(details.length),
            max: formatNumber(LIMITS.reportDetailsMax),
          })}
          value={details}
          onChange={(e) => setDetails(e.target.value)}
          maxLength={LIMITS.reportDetailsMax}
          rows={3}
          disabled={phase === 'sending'}
          className="comment-report__details"
        />
      ) : null}
      <div className="comment-report__actions">
        <Button variant="secondary" onClick={onDone} disabled={phase === 'sending'}>
          {t('cancel')}
        </Button>
        <Button
          variant="danger"
          onClick={send}
          loading={phase === 'sending'}
          disabled={reason === null}
        >
          {t('report.submit')}
        </Button>
      </div>
    </div>
  );
}
