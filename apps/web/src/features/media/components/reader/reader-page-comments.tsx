import type { IssueDetail, IssueMoments } from '@otakura/shared';
import { MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DiscussModal } from '../moment-comments';

export interface ReaderPageCommentsProps {
  issue: IssueDetail;
  moments: IssueMoments | undefined;
  /** The page on screen (the first of a spread). */
  page: number;
  /** The furthest page shown: the comments up to it are not spoilers any more. */
  reached: number;
}

/**
 * Beside the page: how many comments it has, a button that opens them with a composer pinned
 * to that page. Clicks stay here (they are not page turns or menu taps).
 */
export function ReaderPageComments({ issue, moments, page, reached }: ReaderPageCommentsProps) {
  const { t } = useTranslation('moments');
  const [open, setOpen] = useState<number | null>(null);
  const count = moments?.pages.find((p) => p.page === page)?.count ?? 0;
  const label = count > 0 ? t('pageComments', { count }) : t('pageCommentsNone');
  return (
    <>
      <button
        type="button"
        className="reader-page-comments"
        data-count={count}
        aria-label={label}
        title={label}
        onClick={(e) => {
          e.stopPropagation();
          setOpen(page);
        }}
        onPointerDown={(e) => e.stopPropagation()}
        onPointerUp={(e) => e.stopPropagation()}
      >
        <MessageSquare aria-hidden="true" size={18} />
        {/* No "0" when there are none: the visible text must be part of the name (WCAG 2.5.3). */}
        {count > 0 ? (
          <span className="reader-page-comments__count tabular-nums" aria-hidden="true">
            {count}
          </span>
        ) : null}
      </button>
      {open !== null ? (
        <DiscussModal
          open
          onClose={() => setOpen(null)}
          title={t('pageTitle', { page: open })}
          source={{
            kind: 'issue',
            mediaId: issue.media.id,
            issueId: issue.id,
            page: open,
            until: Math.max(reached, open),
          }}
          composer={{
            pin: { issueId: issue.id, page: open },
            label: t('composeOnPage', { page: open }),
          }}
        />
      ) : null}
    </>
  );
}
