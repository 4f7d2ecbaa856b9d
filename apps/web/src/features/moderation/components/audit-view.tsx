import {
  AUDIT_ACTIONS,
  AuditActionSchema,
  RoleSchema,
  type AuditEntry,
  type AuditTargetType,
  type Role,
  type UserSummary,
} from '@otakura/shared';
import { ScrollText } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Field, Input } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/i18n';
import { useAuditQuery } from '../api/get-audit';
import type { AuditFilter } from '../api/moderation-keys';
import { LoadMore } from './queue-view';
import './moderation.css';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** A `yyyy-mm-dd` from a date input as the ISO instant starting (or ending) that local day. */
export function dayBound(day: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = end ? new Date(y, m - 1, d, 23, 59, 59, 999) : new Date(y, m - 1, d, 0, 0, 0, 0);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** Where an audit entry's target can be seen, when it can. */
function targetPath(type: AuditTargetType, id: string | null): string | null {
  if (!id) return null;
  const enc = encodeURIComponent(id);
  switch (type) {
    case 'comment':
      return `/moderation/case/comment/${enc}`;
    case 'post':
      return `/post/${enc}`;
    case 'user':
      return `/user/${enc}`;
    case 'shop_item':
      return `/item/${enc}`;
    case 'community':
      return `/community/${enc}`;
    case 'media':
      return `/media/${enc}`;
    case 'order':
      return '/admin/orders';
    default:
      return null;
  }
}

/** /moderation/audit: what moderators and admins did, newest first; filter by action, dates, "by me". */
export function AuditView({ viewerId }: { viewerId: string | null }) {
  const { t } = useTranslation('moderation');
  const [action, setAction] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [byMe, setByMe] = useState(false);
  const byMeId = useId();
  const parsedAction = AuditActionSchema.safeParse(action);
  const filter: AuditFilter = {
    action: parsedAction.success ? parsedAction.data : undefined,
    from: from ? dayBound(from, false) : undefined,
    to: to ? dayBound(to, true) : undefined,
    actorId: byMe && viewerId ? viewerId : undefined,
  };
  const filtered = Boolean(action || from || to || byMe);

  return (
    <div className="mod-audit">
      <form
        className="mod-audit__filters"
        aria-label={t('audit.filters')}
        onSubmit={(e) => e.preventDefault()}
      >
        <Field label={t('audit.action')} className="mod-audit__action">
          {(control) => (
            <select
              {...control}
              className="ui-input mod-select"
              value={action}
              onChange={(e) => setAction(e.target.value)}
            >
              <option value="">{t('audit.allActions')}</option>
              {AUDIT_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {t(`audit.actions.${a}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Input
          type="date"
          label={t('audit.from')}
          value={from}
          max={to || undefined}
          onChange={(e) => setFrom(e.target.value)}
        />
        <Input
          type="date"
          label={t('audit.to')}
          value={to}
          min={from || undefined}
          onChange={(e) => setTo(e.target.value)}
        />
        <label className="mod-check" htmlFor={byMeId}>
          <input
            id={byMeId}
            type="checkbox"
            checked={byMe}
            onChange={(e) => setByMe(e.target.checked)}
          />
          <span>{t('audit.byMe')}</span>
        </label>
        {filtered ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setAction('');
              setFrom('');
              setTo('');
              setByMe(false);
            }}
          >
            {t('audit.clear')}
          </Button>
        ) : null}
      </form>
      <AuditList filter={filter} />
    </div>
  );
}

function AuditList({ filter }: { filter: AuditFilter }) {
  const { t } = useTranslation('moderation');
  const query = useAuditQuery(filter);
  if (query.isPending) {
    return (
      <div role="status" aria-busy="true">
        <span className="visually-hidden">{t('loading')}</span>
        <div className="mod-audit__skeleton" aria-hidden="true">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} shape="text" width={`${90 - i * 8}%`} />
          ))}
        </div>
      </div>
    );
  }
  if (query.isError && !query.data) {
    return (
      <EmptyState
        title={t('audit.loadError')}
        action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  const entries = query.data.pages.flatMap((p) => p.items);
  if (entries.length === 0) {
    return (
      <EmptyState
        icon={<ScrollText />}
        title={t('audit.empty')}
        description={t('audit.emptyHint')}
      />
    );
  }
  return (
    <section aria-label={t('audit.list')}>
      <table className="mod-table">
        <thead>
          <tr>
            <th scope="col">{t('audit.when')}</th>
            <th scope="col">{t('audit.who')}</th>
            <th scope="col">{t('audit.what')}</th>
            <th scope="col">{t('audit.target')}</th>
            <th scope="col">{t('audit.subject')}</th>
            <th scope="col">{t('audit.reason')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <AuditRow key={e.id} entry={e} />
          ))}
        </tbody>
      </table>
      <LoadMore query={query} />
    </section>
  );
}

/** `{ from, to }` of a role change, when the details name two known roles. */
function roleChangeOf(e: AuditEntry): { from: Role; to: Role } | null {
  const from = RoleSchema.safeParse(e.details.from);
  const to = RoleSchema.safeParse(e.details.to);
  return from.success && to.success ? { from: from.data, to: to.data } : null;
}

function Person({ user }: { user: UserSummary }) {
  return (
    <Link className="mod-link" to={`/user/${encodeURIComponent(user.id)}`}>
      @{user.username}
    </Link>
  );
}

function AuditRow({ entry: e }: { entry: AuditEntry }) {
  const { t } = useTranslation('moderation');
  const path = targetPath(e.targetType, e.targetId);
  const targetText = `${t(`audit.targets.${e.targetType}`)}${e.label ? ` · ${e.label}` : ''}`;
  const days = typeof e.details.durationDays === 'number' ? e.details.durationDays : undefined;
  const roleChange = roleChangeOf(e);
  return (
    <tr data-testid="audit-entry">
      <td data-label={t('audit.when')}>
        <time dateTime={e.createdAt}>{formatDate(e.createdAt, DATE_TIME)}</time>
      </td>
      <td data-label={t('audit.who')}>
        {e.actor ? (
          <Person user={e.actor} />
        ) : (
          <span className="mod-muted">{t('audit.commandLine')}</span>
        )}
      </td>
      <td data-label={t('audit.what')}>
        <span className={`mod-action mod-action--${e.action.split('.')[0]}`}>
          {t(`audit.actions.${e.action}`)}
        </span>
        {e.action === 'user.suspend' && days !== undefined ? (
          <span className="mod-muted"> · {t('dialog.days', { count: days })}</span>
        ) : null}
        {e.action === 'user.suspend' && e.details.durationDays === null ? (
          <span className="mod-muted"> · {t('dialog.forGood')}</span>
        ) : null}
        {roleChange ? (
          <span className="mod-muted">
            {' '}
            · {t(`standing.role.${roleChange.from}`)} → {t(`standing.role.${roleChange.to}`)}
          </span>
        ) : null}
      </td>
      <td data-label={t('audit.target')}>
        {path ? (
          <Link className="mod-link" to={path}>
            {targetText}
          </Link>
        ) : (
          targetText
        )}
      </td>
      <td data-label={t('audit.subject')}>
        {e.subject ? (
          <Person user={e.subject} />
        ) : (
          <span className="mod-muted">{t('audit.none')}</span>
        )}
      </td>
      <td data-label={t('audit.reason')} className="mod-table__reason">
        {e.reason ?? <span className="mod-muted">{t('audit.none')}</span>}
      </td>
    </tr>
  );
}
