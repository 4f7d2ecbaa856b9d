import { LIMITS, type Comment } from '@otakura/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { formatNumber } from '@/lib/i18n';
import { useUpdateCommentMutation } from '../api/update-comment';

export interface EditCommentModalProps {
  /** The comment being edited; null closes the modal. */
  comment: Comment | null;
  onClose: () => void;
}

/** 'Edit Comment': the text prefilled; the Edit button is disabled while the text is empty (spec §4). */
export function EditCommentModal({ comment, onClose }: EditCommentModalProps) {
  const { t } = useTranslation('comments');
  return (
    <Modal
      open={comment !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('edit.title')}
      className="comments-sheet comments-sheet--form"
    >
      {/* Keyed by comment: the draft starts from the current text each time. */}
      {comment ? <EditForm key={comment.id} comment={comment} onDone={onClose} /> : null}
    </Modal>
  );
}

function EditForm({ comment, onDone }: { comment: Comment; onDone: () => void }) {
  const { t } = useTranslation('comments');
  const { toast } = useToast();
  const [text, setText] = useState(comment.body);
  const update = useUpdateCommentMutation();
  const trimmed = text.trim();
  const tooLong = trimmed.length > LIMITS.commentMax;
  const canSave = trimmed.length > 0 && !tooLong && trimmed !== comment.body;

  const save = () => {
    if (!canSave) return;
    update.mutate(
      { commentId: comment.id, body: trimmed },
      {
        onSuccess: onDone,
        onError: (error) =>
          toast({ title: t('edit.failed'), description: error.message, variant: 'error' }),
      },
    );
  };

  return (
    <form
      className="comment-edit"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Textarea
        label={t('edit.label')}
        hideLabel
        value={text}
        rows={5}
        autoFocus
        error={
          tooLong ? t('composer.tooLong', { max: formatNumber(LIMITS.commentMax) }) : undefined
        }
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            save();
          }
        }}
      />
      <div className="comment-edit__actions">
        <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={!canSave} loading={update.isPending}>
          {t('edit.submit')}
        </Button>
      </div>
    </form>
  );
}
