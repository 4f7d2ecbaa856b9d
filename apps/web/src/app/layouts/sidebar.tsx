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
import { useState } from 'react';
import { NavLink } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { PREMIUM_PATH, PRODUCT_NAME } from '@/lib/product';

interface SidebarEntry {
  to: string;
  label: string;
  icon: LucideIcon;
}

/** Spec §2 sidebar, in order, with the spec's words. */
export const SIDEBAR_ENTRIES: readonly SidebarEntry[] = [
  { to: '/your-account', label: 'Your Account', icon: UserRound },
  { to: '/content', label: 'Content', icon: SlidersHorizontal },
  { to: '/accessibility', label: 'Accessibility Display and Languages', icon: Accessibility },
  { to: PREMIUM_PATH, label: `${PRODUCT_NAME} Premium (never see ads)`, icon: Crown },
  { to: '/purchases', label: 'Purchases', icon: Receipt },
  { to: '/security', label: 'Security (enable or disable two-factor)', icon: ShieldCheck },
  { to: '/safety-privacy', label: 'Privacy and Safety', icon: LockKeyhole },
];

export const LOGOUT_QUESTION = 'Are you sure you want to log out?';

/** The settings entries and the Logout button; used in the wide sidebar and the phone sheet. */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <div className="sidebar">
      <nav aria-label="Settings" className="sidebar__nav">
        <ul className="sidebar__list">
          {SIDEBAR_ENTRIES.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink to={to} className="sidebar__link" onClick={onNavigate}>
                <Icon className="sidebar__icon" aria-hidden="true" />
                <span>{label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <LogoutButton />
    </div>
  );
}

function LogoutButton() {
  const signOut = useSignOut();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);

  const confirm = async () => {
    try {
      await signOut();
    } catch (error) {
      toast({ variant: 'error', title: 'Could not log out. Please try again.' });
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
          <span>Logout</span>
        </button>
      }
      title={LOGOUT_QUESTION}
      confirmLabel="Logout"
      tone="primary"
      onConfirm={confirm}
    />
  );
}
