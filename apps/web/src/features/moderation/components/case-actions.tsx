import type { CaseAction, ModerationCase } from '@otakura/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { useActOnCaseMutation } from '../api/act-on-case';
import { ReasonDialog } from './reason-dialog';

/** Which actions a case offers: remove is not for users; warn and suspend not for staff or oneself. */
export function availableActions(c: ModerationCase, viewerId: string | null): CaseAction[] {
  const actions: CaseAction[] = ['dismiss'];
  if (c.targetType !== 'user' && !c.content.gone) actions.push('remove');
  const author = c.author;
  if (author && author.role === 'user' && author.id !== viewerId) {
    actions.push('warn');
    if (!author.suspended) actions.push('suspend');
  }
  return actions;
}

/** The action buttons of an open case; each asks for a reason in a dialog, then closes the case. */
export function CaseActions({
  modCase,
  viewerId,
}: {
  modCase: ModerationCase;
  viewerId: string | null;
}) {
  const { t } = useTranslation('moderation');
  const { toast } = useToast();
  const act = useActOnCaseMutation();
  const [dialog, setDialog] = useState<CaseAction | null>(null);
  const actions = availableActions(modCase, viewerId);
  const name = modCase.author ? `@${modCase.author.username}` : '';

  const label = (action: CaseAction) =>
    action === 'remove' ? t(`actions.remove.${modCase.targetType}`) : t(`actions.${action}`);

  return (
    <div className="mod-case__actions" role="group" aria-label={t('actions.label')}>
      {actions.map((action) => (
        <Button
          key={action}
          size="sm"
          variant={action === 'dismiss' ? 'secondary' : action === 'warn' ? 'secondary' : 'danger'}
          onClick={() => setDialog(action)}
        >
          {label(action)}
        </Button>
      ))}
      <ReasonDialog
        open={dialog !== null}
        onOpenChange={(open) => {
          if (!open) setDialog(null);
        }}
        title={dialog ? t(`dialog.${dialog}.title`, { name }) : ''}
        description={dialog ? t(`dialog.${dialog}.description`) : ''}
        confirmLabel={
          dialog ? (dialog === 'remove' ? label('remove') : t(`dialog.${dialog}.confirm`)) : ''
        }
        tone={dialog === 'dismiss' || dialog === 'warn' ? 'primary' : 'danger'}
        withDuration={dialog === 'suspend'}
        onConfirm={async ({ reason, durationDays }) => {
          if (!dialog) return;
          const action = dialog;
          await act.mutateAsync({
            targetType: modCase.targetType,
            targetId: modCase.targetId,
            input: action === 'suspend' ? { action, reason, durationDays } : { action, reason },
          });
          toast({ variant: 'success', title: t(`toasts.${action}`) });
        }}
      />
    </div>
  );
}
