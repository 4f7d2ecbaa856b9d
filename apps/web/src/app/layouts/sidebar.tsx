import {
  Accessibility,
  Crown,
  Gavel,
  LockKeyhole,
  LogOut,
  Receipt,
  ShieldCheck,
  ShieldHalf,
  SlidersHorizontal,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { useRole } from '@/features/auth/components/require-role';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { ModerationNavBadge } from '@/features/moderation/components/moderation-nav-badge';
import { PREMIUM_PATH, PRODUCT_NAME } from '@/lib/product';

interface SidebarEntry {
  to: string;
  /** Key in the `common` namespace; `{{product}}` is the product name. */
  labelKey: string;
  icon: LucideIcon;
}

/** Spec §2 sidebar, in order, with the spec's words. */
export const SIDEBAR_ENTRIES: readonly SidebarEntry[] = [
  { to: '/your-account', labelKey: 'sidebar.yourAccount', icon: UserRound },
  { to: '/content', labelKey: 'sidebar.content', icon: SlidersHorizontal },
  { to: '/accessibility', labelKey: 'sidebar.accessibility', icon: Accessibility },
  { to: PREMIUM_PATH, labelKey: 'sidebar.premium', icon: Crown },
  { to: '/purchases', labelKey: 'sidebar.purchases', icon: Receipt },
  { to: '/security', labelKey: 'sidebar.security', icon: ShieldCheck },
  { to: '/safety-privacy', labelKey: 'sidebar.safetyPrivacy', icon: LockKeyhole },
];

/** The settings entries and the Logout button; used in the wide sidebar and the phone sheet. */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="sidebar">
      <nav aria-label={t('sidebar.label')} className="sidebar__nav">
        <ul className="sidebar__list">
          {SIDEBAR_ENTRIES.map(({ to, labelKey, icon: Icon }) => (
            <li key={to}>
              <NavLink to={to} className="sidebar__link" onClick={onNavigate}>
                <Icon className="sidebar__icon" aria-hidden="true" />
                <span>{t(labelKey, { product: PRODUCT_NAME })}</span>
              </NavLink>
            </li>
          ))}
          <StaffEntries onNavigate={onNavigate} />
        </ul>
      </nav>
      <LogoutButton />
    </div>
  );
}

/** Moderation (with the open case count) for moderators and admins; Admin for admins only. */
function StaffEntries({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('moderation');
  const role = useRole();
  if (role === 'user') return null;
  return (
    <>
      <li className="sidebar__staff">
        <NavLink to="/moderation" className="sidebar__link" onClick={onNavigate}>
          <ShieldHalf className="sidebar__icon" aria-hidden="true" />
          <span>{t('nav.moderation')}</span>
          <ModerationNavBadge />
        </NavLink>
      </li>
      {role === 'admin' ? (
        <li>
          <NavLink to="/admin" className="sidebar__link" onClick={onNavigate}>
            <Gavel className="sidebar__icon" aria-hidden="true" />
            <span>{t('nav.admin')}</span>
          </NavLink>
        </li>
      ) : null}
    </>
  );
}

function LogoutButton() {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);

  const confirm = async () => {
    try {
      await signOut();
    } catch (error) {
      toast({ variant: 'error', title: t('sidebar.logoutFailed') });
      throw error;
    }
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button type="button" className="sidebar__link sidebar__logout">
          <LogOut className="sidebar__icon" aria-hidden="true" />
          <span>{t('sidebar.logout')}</span>
        </button>
      }
      title={t('sidebar.logoutQuestion')}
      confirmLabel={t('sidebar.logout')}
      tone="primary"
      onConfirm={confirm}
    />
  );
}
