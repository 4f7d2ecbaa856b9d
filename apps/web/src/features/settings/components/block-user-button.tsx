import { Ban, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useBlockStateQuery } from '../api/get-block-state';
import { useSetBlockedMutation } from '../api/set-blocked';
import './settings.css';

export interface BlockUserButtonProps {
  userId: string;
  username: string;
}

/**
 * Block / Unblock on another user's profile, each after a confirmation. Nothing shows until the
 * block state is known, so the button never says the opposite of the truth.
 */
export function BlockUserButton({ userId, username }: BlockUserButtonProps) {
  const { t } = useTranslation('settings');
  const state = useBlockStateQuery(userId);
  const setBlocked = useSetBlockedMutation();
  const [open, setOpen] = useState(false);
  if (!state.data) return null;
  const blocked = state.data.blocked;

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          variant={blocked ? 'primary' : 'secondary'}
          className="block-button"
          aria-label={t(blocked ? 'blocked.unblockNamed' : 'block.buttonNamed', { username })}
        >
          {blocked ? (
            <ShieldCheck aria-hidden="true" className="block-button__icon" />
          ) : (
            <Ban aria-hidden="true" className="block-button__icon" />
          )}
          {t(blocked ? 'blocked.unblock' : 'block.button')}
        </Button>
      }
      title={t(blocked ? 'block.unblockTitle' : 'block.title', { username })}
      description={t(blocked ? 'block.unblockDescription' : 'block.description')}
      confirmLabel={t(blocked ? 'blocked.unblock' : 'block.confirm')}
      cancelLabel={t('block.cancel')}
      tone={blocked ? 'primary' : 'danger'}
      onConfirm={async () => {
        await setBlocked.mutateAsync({ userId, username, blocked: !blocked });
      }}
    />
  );
}
