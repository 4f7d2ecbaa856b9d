import { ModerationReasonSchema, SUSPENSION_DAYS } from '@otakura/shared';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { isApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { formatNumber } from '@/lib/i18n';

export const REASON_MAX = 1000;

export interface ReasonDialogResult {
  reason: string;
  /** Only with `withDuration`: days, or null for good. */
  durationDays: number | null;
}

export interface ReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  tone?: 'danger' | 'primary';
  /** Ask how long (1/3/7/30 days or for good): suspensions. */
  withDuration?: boolean;
  /** Rejects with the API error: it is shown in the dialog, which stays open. */
  onConfirm: (result: ReasonDialogResult) => Promise<unknown>;
}

/**
 * Every moderation action asks why: a required reason (shown to the people concerned), checked
 * against the shared schema before sending; the server's refusal shows under the field (a
 * validation error of `reason`) or above the buttons. The confirm button shows progress.
 */
export function ReasonDialog({ open, onOpenChange, ...rest }: ReasonDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={rest.title} size="sm">
      {/* Keyed by `open`: each opening starts with an empty reason. */}
      {open ? <ReasonForm {...rest} onClose={() => onOpenChange(false)} /> : null}
    </Modal>
  );
}

function ReasonForm({
  description,
  confirmLabel,
  tone = 'danger',
  withDuration,
  onConfirm,
  onClose,
}: Omit<ReasonDialogProps, 'open' | 'onOpenChange' | 'title'> & { onClose: () => void }) {
  const { t } = useTranslation('moderation');
  const formId = useId();
  const [reason, setReason] = useState('');
  const [duration, setDuration] = useState<string>('7');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async () => {
    const parsed = ModerationReasonSchema.safeParse(reason);
    if (!parsed.success) {
      setFieldError(
        reason.trim().length === 0
          ? t('dialog.reasonRequired')
          : t('dialog.reasonTooLong', { max: formatNumber(REASON_MAX) }),
      );
      return;
    }
    setFieldError(null);
    setFormError(null);
    setPending(true);
    try {
      await onConfirm({
        reason: parsed.data,
        durationDays: withDuration ? (duration === 'forever' ? null : Number(duration)) : null,
      });
      onClose();
    } catch (error) {
      setPending(false);
      const issue = isApiError(error, 'validation_error')
        ? error.details?.find((d) => d.path.replace(/^body\./, '') === 'reason')
        : undefined;
      if (issue) setFieldError(issue.message);
      else setFormError(apiErrorText(t, error));
    }
  };

  return (
    <form
      id={formId}
      className="mod-reason"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className="mod-reason__description">{description}</p>
      {withDuration ? (
        <fieldset className="mod-reason__durations" disabled={pending}>
          <legend className="mod-reason__legend">{t('dialog.duration')}</legend>
          <div className="mod-chips">
            {[...SUSPENSION_DAYS.map(String), 'forever'].map((value) => (
              <label key={value} className="mod-chip mod-chip--choice">
                <input
                  type="radio"
                  name={`${formId}-duration`}
                  value={value}
                  checked={duration === value}
                  onChange={() => setDuration(value)}
                />
                <span>
                  {value === 'forever'
                    ? t('dialog.forGood')
                    : t('dialog.days', { count: Number(value) })}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <Textarea
        label={t('dialog.reasonLabel')}
        hint={t('dialog.reasonHint', {
          length: formatNumber(reason.length),
          max: formatNumber(REASON_MAX),
        })}
        error={fieldError ?? undefined}
        value={reason}
        onChange={(e) => {
          setReason(e.target.value);
          if (fieldError) setFieldError(null);
        }}
        maxLength={REASON_MAX}
        rows={4}
        required
        autoFocus
        disabled={pending}
      />
      {formError ? (
        <p className="mod-reason__error" role="alert">
          {formError}
        </p>
      ) : null}
      <div className="mod-reason__actions">
        <Button variant="secondary" onClick={onClose} disabled={pending}>
          {t('cancel')}
        </Button>
        <Button type="submit" variant={tone} loading={pending}>
          {confirmLabel}
        </Button>
      </div>
    </form>
  );
}
