import { LIMITS, REPORT_REASONS, TIMINGS, type ReportReason } from '@otakura/shared';
import clsx from 'clsx';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { apiErrorText } from '@/lib/api-error-text';
import { formatNumber } from '@/lib/i18n';
import { useReportMutation, type ReportKind } from './use-report';
import './report-dialog.css';

/** What is being reported, quoted in the dialog: who, and the words (a comment, a title, a bio). */
export interface ReportSubject {
  name: string;
  avatarUrl?: string | null;
  text?: string | null;
}

export interface ReportDialogProps {
  open: boolean;
  onClose: () => void;
  kind: ReportKind;
  /** The report route under /api (`reportEndpoints[kind](id)`). */
  endpoint: string;
  subject?: ReportSubject | null;
  /** After the server took the report (patch a cache: `reportedByMe`). */
  onReported?: () => void;
  className?: string;
}

/**
 * Report a comment, post, person or shop item with a reason (Other takes optional details, up to
 * 500 characters); Report stays disabled until a reason is chosen. After the server took the
 * report, and the spec's 500 ms, the dialog says so ('Comment reported successfully. Please give
 * our team 24 hours to work on the request.' for comments, the same sentence for the others).
 * A failure is logged; for comments only logged (spec §8), for the others also shown in the dialog.
 */
export function ReportDialog({ open, onClose, className, ...body }: ReportDialogProps) {
  const { t } = useTranslation('report');
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t(`title.${body.kind}`)}
      size="sm"
      className={clsx('report-dialog-sheet', className)}
    >
      {open ? <ReportBody key={body.endpoint} {...body} onDone={onClose} /> : null}
    </Modal>
  );
}

function ReportBody({
  kind,
  endpoint,
  subject,
  onReported,
  onDone,
}: Omit<ReportDialogProps, 'open' | 'onClose' | 'className'> & { onDone: () => void }) {
  const { t } = useTranslation('report');
  const report = useReportMutation(endpoint);
  const [phase, setPhase] = useState<'ask' | 'sending' | 'done'>('ask');
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
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
    setError(null);
    const input = {
      reason,
      details: reason === 'other' && details.trim() ? details.trim() : undefined,
    };
    report.mutate(input, {
      onSuccess: () => {
        onReported?.();
        timer.current = setTimeout(() => setPhase('done'), TIMINGS.reportConfirmationDelayMs);
      },
      onError: (err) => {
        console.error(`Reporting the ${kind} failed`, err);
        // Spec §8: a failed comment report is logged only; the newer kinds say what went wrong.
        if (kind !== 'comment') setError(apiErrorText(t, err));
        setPhase('ask');
      },
    });
  };

  if (phase === 'done') {
    return (
      <div className="report-dialog">
        <p className="report-dialog__success" role="status">
          <CircleCheck aria-hidden="true" />
          <span>{t(`success.${kind}`)}</span>
        </p>
        <div className="report-dialog__actions">
          <Button onClick={onDone} autoFocus>
            {t('done')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="report-dialog">
      <p className="report-dialog__description">{t(`description.${kind}`)}</p>
      {subject ? (
        <blockquote className="report-dialog__quote">
          <Avatar name={subject.name} src={subject.avatarUrl} size={24} decorative />
          <div>
            <span className="report-dialog__author">{subject.name}</span>
            {subject.text ? <p className="report-dialog__text">{subject.text}</p> : null}
          </div>
        </blockquote>
      ) : null}
      <fieldset className="report-dialog__reasons" disabled={phase === 'sending'}>
        <legend className="report-dialog__legend">{t(`legend.${kind}`)}</legend>
        {REPORT_REASONS.map((value) => (
          <label key={value} className="report-dialog__reason">
            <input
              type="radio"
              name={name}
              value={value}
              checked={reason === value}
              onChange={() => setReason(value)}
              className="report-dialog__radio"
            />
            <span>{t(`reasons.${value}`)}</span>
          </label>
        ))}
      </fieldset>
      {reason === 'other' ? (
        <Textarea
          label={t('detailsLabel')}
          hint={t('detailsCounter', {
            length: formatNumber(details.length),
            max: formatNumber(LIMITS.reportDetailsMax),
          })}
          value={details}
          onChange={(e) => setDetails(e.target.value)}
          maxLength={LIMITS.reportDetailsMax}
          rows={3}
          disabled={phase === 'sending'}
          className="report-dialog__details"
        />
      ) : null}
      {error ? (
        <p className="report-dialog__error" role="alert">
          <CircleAlert aria-hidden="true" />
          <span>{error}</span>
        </p>
      ) : null}
      <div className="report-dialog__actions">
        <Button variant="secondary" onClick={onDone} disabled={phase === 'sending'}>
          {t('cancel')}
        </Button>
        <Button
          variant="danger"
          onClick={send}
          loading={phase === 'sending'}
          disabled={reason === null}
        >
          {t('submit')}
        </Button>
      </div>
    </div>
  );
}
