import {
  Clapperboard,
  House,
  Search,
  ShoppingBag,
  SquarePlus,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { useSession } from '@/features/auth/hooks/use-session';
import { useMeQuery } from '@/features/users/api/get-me';

export interface NavEntry {
  to: string;
  /** Key in the `common` namespace: the link's accessible name. */
  labelKey: string;
  /** Key in the `common` namespace: the short visible label under the icon in the tab bar. */
  shortLabelKey: string;
  /** null: the signed-in user's picture. */
  icon: LucideIcon | null;
}

/** Spec §2 top bar: links to feed, media, search, create-post, shop and profile. */
export const TOP_NAV: readonly NavEntry[] = [
  { to: '/feed', labelKey: 'nav.feed', shortLabelKey: 'tabs.feed', icon: House },
  { to: '/media', labelKey: 'nav.media', shortLabelKey: 'tabs.media', icon: Clapperboard },
  { to: '/search', labelKey: 'nav.search', shortLabelKey: 'tabs.search', icon: Search },
  {
    to: '/create-post',
    labelKey: 'nav.createPost',
    shortLabelKey: 'tabs.createPost',
    icon: SquarePlus,
  },
  { to: '/shop', labelKey: 'nav.shop', shortLabelKey: 'tabs.shop', icon: ShoppingBag },
  { to: '/profile', labelKey: 'nav.profile', shortLabelKey: 'tabs.profile', icon: null },
];

/** A nav entry's icon; the profile entry shows the user's picture (never initials). */
export function NavIcon({ entry, label }: { entry: NavEntry; label: string }) {
  const session = useSession();
  const { data: me } = useMeQuery();
  const user = session.status === 'signed-in' ? session.user : null;
  const Icon = entry.icon;
  if (Icon) return <Icon aria-hidden="true" />;
  // The picture only, never initials: the link's name is its label, and visible letters that
  // differ from it would confuse speech input.
  return (
    <span className="nav-avatar-slot" aria-hidden="true">
      {me?.avatarUrl ? (
        <Avatar
          name={user?.name || label}
          src={me.avatarUrl}
          size={24}
          decorative
          className="nav-avatar"
        />
      ) : (
        <UserRound aria-hidden="true" />
      )}
    </span>
  );
}
