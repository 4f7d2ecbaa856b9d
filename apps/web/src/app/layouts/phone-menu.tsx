import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/brand/logo';
import { Modal } from '@/components/ui/modal';
import { SidebarNav } from './sidebar';

/** The settings sidebar as a sheet from the left (the top bar's menu button; app-layout.tsx). */
export function PhoneMenu({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      placement="left"
      title={
        <>
          <Logo />
          <span className="visually-hidden"> {t('menu.title')}</span>
        </>
      }
      closeLabel={t('menu.close')}
      className="app-shell__sheet"
    >
      <SidebarNav onNavigate={() => onOpenChange(false)} />
    </Modal>
  );
}
