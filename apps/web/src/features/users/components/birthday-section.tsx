import type { Me } from '@otakura/shared';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/field';
import { AccountSection } from './account-section';
import { SetOnceField } from './set-once-field';

/** The birthday: shown read-only once set (spec §5: set only while empty), else the input. */
export function BirthdaySection({ me }: { me: Me }) {
  const { t } = useTranslation('users');
  return (
    <AccountSection id="account-birthday" title={t('account.birthday')}>
      {me.birthday ? (
        <Input
          label={t('account.birthday')}
          hideLabel
          value={me.birthday}
          readOnly
          hint={t('account.birthdayLocked')}
        />
      ) : (
        <SetOnceField field="birthday" hideLabel />
      )}
    </AccountSection>
  );
}
