import type { SpoilerTag } from '@otakura/shared';
import clsx from 'clsx';
import { EyeOff } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { spoilerCoverText } from './spoiler-text';
import './spoiler-cover.css';

export interface SpoilerCoverProps {
  tag?: SpoilerTag;
  /** The cover's words when not a tag's (a comment pinned to a moment not reached, docs/moments.md). */
  text?: string;
  /** Asks the server for the item uncovered (POST …/reveal). */
  onReveal: () => void;
  /** The reveal request is on its way. */
  pending?: boolean;
  /** The last reveal failed (the message is announced; the button stays to retry). */
  failed?: boolean;
  /** Smaller, for feed cards and comments. */
  compact?: boolean;
  className?: string;
}

/**
 * Stands where a covered item's body, images and link preview would be (the server sent none of
 * them): "Spoiler for {series} ep {n} — you're at ep {m}" and a Reveal button that fetches the
 * item uncovered. The message names the button (aria-describedby), so each Reveal in a list says
 * what it reveals.
 */
export function SpoilerCover({
  tag,
  text,
  onReveal,
  pending = false,
  failed = false,
  compact = false,
  className,
}: SpoilerCoverProps) {
  const { t } = useTranslation('spoilers');
  const id = useId();
  const textId = `${id}-text`;
  return (
    <div
      className={clsx('spoiler-cover', compact && 'spoiler-cover--compact', className)}
      data-spoiler-cover=""
    >
      <span className="spoiler-cover__icon" aria-hidden="true">
        <EyeOff />
      </span>
      <p className="spoiler-cover__text" id={textId}>
        {text ?? (tag ? spoilerCoverText(t, tag) : '')}
      </p>
      <button
        type="button"
        className="spoiler-cover__reveal"
        aria-describedby={textId}
        aria-busy={pending || undefined}
        disabled={pending}
        onClick={(event) => {
          // Inside a card that opens on click: revealing is not opening.
          event.stopPropagation();
          onReveal();
        }}
      >
        {pending ? t('revealing') : t('reveal')}
      </button>
      {failed ? (
        <p className="spoiler-cover__error" role="alert">
          {t('revealFailed')}
        </p>
      ) : null}
    </div>
  );
}
