import {
  Accessibility,
  Crown,
  LockKeyhole,
  LogOut,
  Receipt,
  ShieldCheck,
  SlidersHorizontal,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useToast } from '@/components/ui/toast';
import { useRole } from '@/features/auth/components/require-role';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { PREMIUM_PATH, PRODUCT_NAME } from '@/lib/product';
import { useOpenedOnce } from '@/lib/use-opened-once';

/* Moderation and Admin links: fetched only for staff (StaffEntries below). */
const LazyStaffEntries = lazy(() =>
  import('./staff-entries').then((m) => ({ default: m.StaffEntries })),
);

/* The logout question's dialog code arrives on the first Logout, not with every page. */
const ConfirmDialog = lazy(() =>
  import('@/components/ui/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })),
);

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

/**
 * Moderation and Admin, for staff only: their code, the open case count and the moderation words
 * arrive when the role says so, not with every user's first load. Placeholders of the same
 * height hold their place meanwhile (no shift).
 */
function StaffEntries({ onNavigate }: { onNavigate?: () => void }) {
  const role = useRole();
  if (role === 'user') return null;
  const placeholders = role === 'admin' ? 2 : 1;
  return (
    <Suspense
      fallback={Array.from({ length: placeholders }, (_, i) => (
        <li
          key={i}
          aria-hidden="true"
          className={i === 0 ? 'sidebar__staff sidebar__placeholder' : 'sidebar__placeholder'}
        />
      ))}
    >
      <LazyStaffEntries role={role} onNavigate={onNavigate} />
    </Suspense>
  );
}

function LogoutButton() {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const used = useOpenedOnce(open);
  const button = useRef<HTMLButtonElement>(null);

  const confirm = async () => {
    try {
      await signOut();
    } catch (error) {
      toast({ variant: 'error', title: t('sidebar.logoutFailed') });
      throw error;
    }
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="sidebar__link sidebar__logout"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <LogOut className="sidebar__icon" aria-hidden="true" />
        <span>{t('sidebar.logout')}</span>
      </button>
      {used ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={button}
            title={t('sidebar.logoutQuestion')}
            confirmLabel={t('sidebar.logout')}
            tone="primary"
            onConfirm={confirm}
          />
        </Suspense>
      ) : null}
    </>
  );
}
