import { LIMITS } from '@otakura/shared';
import clsx from 'clsx';
import { X } from 'lucide-react';
import { useEffect, useId, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import {
  SpoilerTagPicker,
  type SpoilerDraft,
  type SpoilerSeries,
} from '@/components/spoiler/spoiler-tag-picker';
import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { formatNumber } from '@/lib/i18n';
import { isApplePlatform, useHasFinePointer } from '../hooks/use-keyboard-hint';

/** The counter shows from this many characters on (90% of the limit). */
const COUNTER_FROM = Math.floor(LIMITS.commentMax * 0.9);

export interface CommentComposerProps {
  value: string;
  onChange: (value: string) => void;
  /** Called with the trimmed text; the parent clears the draft (the comment shows at once). */
  onSubmit: (body: string) => void;
  /** Username answered, for a reply composer. */
  replyToUsername?: string;
  onCancelReply?: () => void;
  autoFocus?: boolean;
  className?: string;
  /**
   * The spoiler shield's tag of the comment being written (issue 12). Given with
   * `onSpoilerTagChange`, the composer shows the picker; an incomplete tag keeps Comment disabled.
   */
  spoilerTag?: SpoilerDraft | null;
  onSpoilerTagChange?: (value: SpoilerDraft | null) => void;
  /** The series a new tag starts with. */
  suggestedSeries?: SpoilerSeries | null;
}

/** Whether a tag being written names a series and a whole number from 1. */
export function spoilerDraftComplete(draft: SpoilerDraft | null | undefined): boolean {
  return !draft || (draft.series !== null && /^[1-9]\d*$/.test(draft.number.trim()));
}

/**
 * The comment box: the Comment button is disabled while the text is empty (after trimming) or
 * over 10,000 characters; Ctrl/Cmd+Enter sends; a counter appears near the limit.
 */
export function CommentComposer({
  value,
  onChange,
  onSubmit,
  replyToUsername,
  onCancelReply,
  autoFocus = false,
  className,
  spoilerTag = null,
  onSpoilerTagChange,
  suggestedSeries,
}: CommentComposerProps) {
  const { t } = useTranslation('comments');
  const id = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const trimmed = value.trim();
  const tooLong = trimmed.length > LIMITS.commentMax;
  const canSubmit = trimmed.length > 0 && !tooLong && spoilerDraftComplete(spoilerTag);
  const showCounter = value.length >= COUNTER_FROM;
  const isReply = replyToUsername !== undefined;
  // The shortcut means nothing on a touch screen: shown only where a keyboard is likely.
  const showHint = useHasFinePointer();

  useEffect(() => {
    if (autoFocus) textareaRef.current?.focus();
  }, [autoFocus]);

  const submit = () => {
    if (!canSubmit) return;
    onSubmit(trimmed);
    textareaRef.current?.focus();
  };

  const onFormSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      submit();
    } else if (e.key === 'Escape' && isReply && value === '') {
      e.preventDefault();
      onCancelReply?.();
    }
  };

  const counterId = `${id}-counter`;
  const hintId = `${id}-hint`;
  const label = isReply
    ? t('composer.replyLabel', { username: replyToUsername })
    : t('composer.label');

  return (
    <form
      className={clsx('comment-composer', isReply && 'comment-composer--reply', className)}
      onSubmit={onFormSubmit}
    >
      {isReply ? (
        <div className="comment-composer__replying">
          <span>
            <Trans
              t={t}
              i18nKey="reply.replyingTo"
              values={{ username: replyToUsername }}
              components={{ mention: <span className="comment__mention" /> }}
            />
          </span>
          <IconButton aria-label={t('reply.cancel')} size="sm" onClick={onCancelReply}>
            <X aria-hidden="true" />
          </IconButton>
        </div>
      ) : null}
      <div className="comment-composer__row">
        <label htmlFor={`${id}-text`} className="visually-hidden">
          {label}
        </label>
        <textarea
          ref={textareaRef}
          id={`${id}-text`}
          className="ui-input ui-textarea comment-composer__input"
          rows={1}
          value={value}
          placeholder={
            isReply
              ? t('composer.replyPlaceholder', { username: replyToUsername })
              : t('composer.placeholder')
          }
          aria-describedby={
            [showHint ? hintId : null, showCounter ? counterId : null].filter(Boolean).join(' ') ||
            undefined
          }
          aria-invalid={tooLong || undefined}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" disabled={!canSubmit} className="comment-composer__submit">
          {t('composer.submit')}
        </Button>
      </div>
      {onSpoilerTagChange ? (
        <SpoilerTagPicker
          value={spoilerTag}
          onChange={onSpoilerTagChange}
          suggested={suggestedSeries}
          compact
        />
      ) : null}
      <div className="comment-composer__footer">
        {showHint ? (
          <span id={hintId} className="comment-composer__hint">
            {t('composer.shortcut', { key: isApplePlatform() ? '⌘' : 'Ctrl' })}
          </span>
        ) : null}
        {showCounter ? (
          <span
            id={counterId}
            className={clsx('comment-composer__counter tabular-nums', tooLong && 'is-over')}
            aria-live="polite"
          >
            {tooLong
              ? t('composer.tooLong', { max: formatNumber(LIMITS.commentMax) })
              : t('composer.counter', {
                  length: formatNumber(value.length),
                  max: formatNumber(LIMITS.commentMax),
                })}
          </span>
        ) : null}
      </div>
    </form>
  );
}
