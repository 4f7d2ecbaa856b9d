import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '@/components/page/page';
import { useToast } from '@/components/ui/toast';
import { refreshSession } from '@/features/auth/api/auth-client';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { useMeQuery } from '@/features/users/api/get-me';
import { AccountDetailsForm } from '@/features/users/components/account-details-form';
import {
  AccountStatsSection,
  AchievementsSection,
} from '@/features/users/components/account-stats';
import { BirthdaySection } from '@/features/users/components/birthday-section';
import { DeleteAccountSection } from '@/features/users/components/delete-account';
import { DownloadDataSection } from '@/features/users/components/download-data';
import { EmailForm } from '@/features/users/components/email-form';
import { PasswordForm } from '@/features/users/components/password-form';
import { ProfileLoadError } from '@/features/users/components/profile-states';
import { AccountSkeleton } from '@/features/users/components/account-skeleton';

/** /your-account: details, password, statistics, achievements, data download, account deletion. */
export default function YourAccountPage() {
  const { t } = useTranslation('users');
  const me = useMeQuery();
  const signOut = useSignOut();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();

  // The server already ended the session with the account; sign out clears the client's state.
  const onDeleted = async () => {
    toast({ variant: 'success', title: t('delete.deleted') });
    try {
      await signOut();
    } catch {
      queryClient.clear();
      refreshSession();
      await navigate('/login', { replace: true });
    }
  };

  return (
    <Page
      title={t('account.title')}
      subtitle={t('account.subtitle')}
      width="narrow"
      className="account-page"
    >
      {me.isPending ? (
        <AccountSkeleton />
      ) : me.isError ? (
        <ProfileLoadError error={me.error} onRetry={() => void me.refetch()} />
      ) : (
        <>
          <AccountDetailsForm me={me.data} />
          <EmailForm me={me.data} />
          <BirthdaySection me={me.data} />
          <PasswordForm />
          <AccountStatsSection />
          <AchievementsSection />
          <DownloadDataSection />
          <DeleteAccountSection onDeleted={onDeleted} />
        </>
      )}
    </Page>
  );
}
