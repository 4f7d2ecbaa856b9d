import type { Role, UserStanding } from '@otakura/shared';
import { Search, UserRoundX } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { formatDate } from '@/lib/i18n';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { usePeopleQuery } from '../api/get-people';
import type { PeopleFilter } from '../api/moderation-keys';
import {
  useSetRoleMutation,
  useSuspendUserMutation,
  useUnsuspendUserMutation,
  useWarnUserMutation,
} from '../api/user-actions';
import { LoadMore } from './queue-view';
import { ReasonDialog } from './reason-dialog';
import { StandingBadges } from './standing-badges';
import './moderation.css';

const FILTERS = ['all', 'suspended', 'staff'] as const;
type Filter = (typeof FILTERS)[number];

export interface PeopleViewProps {
  viewerId: string | null;
  viewerRole: Role;
}

/** /moderation/people: search people, see their standing, warn, suspend or lift; admins make moderators. */
export function PeopleView({ viewerId, viewerRole }: PeopleViewProps) {
  const { t } = useTranslation('moderation');
  const [q, setQ] = useState('');
  const [filter, setFilter] = useState<Filter>('all');
  const filterName = useId();
  const debounced = useDebouncedValue(q.trim(), 300);
  return (
    <div className="mod-people">
      <div className="mod-toolbar">
        <div className="mod-search">
          <Search aria-hidden="true" className="mod-search__icon" />
          <Input
            type="search"
            label={t('people.search')}
            hideLabel
            placeholder={t('people.searchPlaceholder')}
            value={q}
            maxLength={100}
            onChange={(e) => setQ(e.target.value)}
            fieldClassName="mod-search__field"
          />
        </div>
        <fieldset className="mod-filter">
          <legend className="visually-hidden">{t('people.filter')}</legend>
          <div className="mod-chips">
            {FILTERS.map((value) => (
              <label key={value} className="mod-chip mod-chip--choice">
                <input
                  type="radio"
                  name={filterName}
                  value={value}
                  checked={filter === value}
                  onChange={() => setFilter(value)}
                />
                <span>{t(`people.filters.${value}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <PeopleList
        filter={{ q: debounced || undefined, filter }}
        viewerId={viewerId}
        viewerRole={viewerRole}
      />
    </div>
  );
}

function PeopleList({ filter, viewerId, viewerRole }: PeopleViewProps & { filter: PeopleFilter }) {
  const { t } = useTranslation('moderation');
  const query = usePeopleQuery(filter);
  if (query.isPending) {
    return (
      <div role="status" aria-busy="true">
        <span className="visually-hidden">{t('loading')}</span>
        <ul className="mod-people__list" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <li key={i} className="mod-person">
              <Skeleton shape="circle" width={40} height={40} />
              <div className="mod-person__text">
                <Skeleton shape="text" width="40%" />
                <Skeleton shape="text" width="25%" />
              </div>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (query.isError && !query.data) {
    return (
      <EmptyState
        title={t('people.loadError')}
        action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  const people = query.data.pages.flatMap((p) => p.items);
  if (people.length === 0) {
    return (
      <EmptyState
        icon={<UserRoundX />}
        title={t('people.empty')}
        description={t('people.emptyHint')}
      />
    );
  }
  return (
    <section aria-label={t('people.list')} aria-busy={query.isPlaceholderData || undefined}>
      <ul className="mod-people__list">
        {people.map((p) => (
          <PersonRow key={p.id} person={p} viewerId={viewerId} viewerRole={viewerRole} />
        ))}
      </ul>
      <LoadMore query={query} />
    </section>
  );
}

type PersonAction = 'warn' | 'suspend' | 'unsuspend' | 'grant' | 'revoke';

function PersonRow({ person, viewerId, viewerRole }: PeopleViewProps & { person: UserStanding }) {
  const { t } = useTranslation('moderation');
  const { toast } = useToast();
  const [dialog, setDialog] = useState<PersonAction | null>(null);
  const warn = useWarnUserMutation();
  const suspend = useSuspendUserMutation();
  const unsuspend = useUnsuspendUserMutation();
  const setRole = useSetRoleMutation();
  const self = person.id === viewerId;
  const display = person.name || person.username;
  const name = `@${person.username}`;

  // Quiet buttons in the rows (a list of red buttons shouts); the dialogs confirm in red.
  const actions: { action: PersonAction; label: string; variant: 'secondary' }[] = [];
  if (!self && person.role === 'user') {
    if (person.suspended) {
      actions.push({
        action: 'unsuspend',
        label: t('actions.unsuspendUser'),
        variant: 'secondary',
      });
    } else {
      actions.push({ action: 'warn', label: t('actions.warnUser'), variant: 'secondary' });
      actions.push({ action: 'suspend', label: t('actions.suspendUser'), variant: 'secondary' });
    }
  }
  if (viewerRole === 'admin' && !self) {
    if (person.role === 'user' && !person.suspended) {
      actions.push({ action: 'grant', label: t('actions.makeModerator'), variant: 'secondary' });
    } else if (person.role === 'moderator') {
      actions.push({ action: 'revoke', label: t('actions.removeModerator'), variant: 'secondary' });
    }
  }

  const run = async (action: PersonAction, reason: string, durationDays: number | null) => {
    const userId = person.id;
    switch (action) {
      case 'warn':
        await warn.mutateAsync({ userId, input: { reason } });
        break;
      case 'suspend':
        await suspend.mutateAsync({ userId, input: { reason, durationDays } });
        break;
      case 'unsuspend':
        await unsuspend.mutateAsync({ userId, input: { reason } });
        break;
      case 'grant':
        await setRole.mutateAsync({ userId, input: { role: 'moderator', reason } });
        break;
      case 'revoke':
        await setRole.mutateAsync({ userId, input: { role: 'user', reason } });
        break;
    }
    toast({ variant: 'success', title: t(`toasts.${action}`, { name }) });
  };

  return (
    <li className="mod-person" data-testid="person">
      <Avatar name={display} src={person.avatarUrl} size={40} decorative />
      <div className="mod-person__text">
        <p className="mod-person__name">
          <Link className="mod-link" to={`/user/${encodeURIComponent(person.id)}`}>
            {display}
          </Link>{' '}
          <span className="mod-muted">{name}</span>
          {self ? <span className="mod-badge">{t('standing.you')}</span> : null}
        </p>
        <p className="mod-person__meta">
          <StandingBadges standing={person} />
          <span className="mod-muted">
            {t('standing.joined', { date: formatDate(person.createdAt) })}
          </span>
        </p>
        {person.suspended && person.suspensionReason ? (
          <p className="mod-person__reason">{person.suspensionReason}</p>
        ) : null}
      </div>
      {actions.length > 0 ? (
        <div className="mod-person__actions" role="group" aria-label={t('actions.label')}>
          {actions.map(({ action, label, variant }) => (
            <Button key={action} size="sm" variant={variant} onClick={() => setDialog(action)}>
              {label}
            </Button>
          ))}
        </div>
      ) : null}
      <ReasonDialog
        open={dialog !== null}
        onOpenChange={(open) => {
          if (!open) setDialog(null);
        }}
        title={dialog ? t(`dialog.${dialog}.title`, { name }) : ''}
        description={dialog ? t(`dialog.${dialog}.description`) : ''}
        confirmLabel={dialog ? t(`dialog.${dialog}.confirm`) : ''}
        tone={dialog === 'suspend' || dialog === 'revoke' ? 'danger' : 'primary'}
        withDuration={dialog === 'suspend'}
        onConfirm={({ reason, durationDays }) =>
          dialog ? run(dialog, reason, durationDays) : Promise.resolve()
        }
      />
    </li>
  );
}
