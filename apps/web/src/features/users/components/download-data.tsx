import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { PRODUCT_NAME } from '@/lib/product';
import { useExportAccountMutation } from '../api/export-account';
import { apiErrorText } from '@/lib/api-error-text';
import { AccountSection } from './account-section';

/** Download my data: the JSON export the privacy policy promises, saved as a file. */
export function DownloadDataSection() {
  const { t } = useTranslation('users');
  const { toast } = useToast();
  const mutation = useExportAccountMutation();

  return (
    <AccountSection
      id="account-data"
      title={t('data.title')}
      description={t('data.description', { product: PRODUCT_NAME })}
    >
      <div>
        <Button
          variant="secondary"
          loading={mutation.isPending}
          onClick={() =>
            mutation.mutate(undefined, {
              onSuccess: () => toast({ variant: 'success', title: t('data.done') }),
              onError: (error) =>
                toast({
                  variant: 'error',
                  title: t('data.title'),
                  description: apiErrorText(t, error),
                }),
            })
          }
        >
          <Download aria-hidden="true" className="account-button-icon" />
          {t('data.download')}
        </Button>
      </div>
    </AccountSection>
  );
}
