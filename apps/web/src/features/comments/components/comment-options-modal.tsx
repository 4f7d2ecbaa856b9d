import type { Comment } from '@otakura/shared';
import clsx from 'clsx';
import { Ban, Flag, Pencil, Share2, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal';

export type CommentOption = 'edit' | 'delete' | 'share' | 'report' | 'block';

export interface CommentOptionsModalProps {
  /** The comment whose options are open; null closes the modal. */
  comment: Comment | null;
  viewerId: string | null;
  onClose: () => void;
  onSelect: (option: CommentOption, comment: Comment) => void;
}

/**
 * The options of a comment (spec §2, §6): its author sees Edit and Delete; others Share, Report
 * and Block (the author).
 */
export function CommentOptionsModal({
  comment,
  viewerId,
  onClose,
  onSelect,
}: CommentOptionsModalProps) {
  const { t } = useTranslation('comments');
  const own = comment !== null && viewerId !== null && comment.author.id === viewerId;

  const item = (
    option: CommentOption,
    icon: ReactNode,
    label: string,
    opts: { danger?: boolean; disabled?: boolean } = {},
  ) => (
    <li>
      <button
        type="button"
        className={clsx('comment-options__item', opts.danger && 'comment-options__item--danger')}
        disabled={opts.disabled}
        onClick={() => comment && onSelect(option, comment)}
      >
        {icon}
        <span>{label}</span>
      </button>
    </li>
  );

  return (
    <Modal
      open={comment !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('options.title')}
      size="sm"
      className="comments-sheet"
    >
      {comment ? (
        <ul className="comment-options">
          {own ? (
            <>
              {item('edit', <Pencil aria-hidden="true" />, t('options.edit'))}
              {item('delete', <Trash2 aria-hidden="true" />, t('options.delete'), { danger: true })}
            </>
          ) : (
            <>
              {item('share', <Share2 aria-hidden="true" />, t('options.share'))}
              {item(
                'report',
                <Flag aria-hidden="true" />,
                comment.reportedByMe ? t('options.reported') : t('options.report'),
                { danger: true, disabled: comment.reportedByMe },
              )}
              {item(
                'block',
                <Ban aria-hidden="true" />,
                t('options.block', { username: comment.author.username }),
                { danger: true },
              )}
            </>
          )}
        </ul>
      ) : null}
    </Modal>
  );
}
