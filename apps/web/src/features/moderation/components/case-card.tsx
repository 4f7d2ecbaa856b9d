import type { CaseReport, ModerationCase } from '@otakura/shared';
import { ExternalLink, Flag, ImageOff } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { formatDate } from '@/lib/i18n';
import { useNow } from '@/lib/use-now';
import { CaseActions } from './case-actions';
import { DueLabel } from './due-label';
import { StandingBadges } from './standing-badges';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
/** Reporters shown on a queue card; the case page shows all the server sends (20). */
const CARD_REPORTS = 3;

export interface CaseCardProps {
  modCase: ModerationCase;
  /** The signed-in moderator (no warn or suspend of oneself). */
  viewerId: string | null;
  /** `full` on the case page: every report, no link to the case page. */
  variant?: 'card' | 'full';
  /** Heading level of the case's title. */
  headingLevel?: 2 | 3;
}

/** The web path of a case page. */
export function casePath(c: Pick<ModerationCase, 'targetType' | 'targetId'>): string {
  return `/moderation/case/${c.targetType}/${encodeURIComponent(c.targetId)}`;
}

/**
 * One reported thing: what it says (as reported, and now, or gone), where it lives, its author's
 * standing, the reasons and latest reporters, the time left of the 24-hour promise, and the
 * actions (open cases) or what was done (closed ones).
 */
export function CaseCard({
  modCase: c,
  viewerId,
  variant = 'card',
  headingLevel = 2,
}: CaseCardProps) {
  const { t } = useTranslation('moderation');
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const kind =
    c.targetType === 'comment' && c.content.context.mediaId ? 'mediaComment' : c.targetType;
  const reports = variant === 'full' ? c.reports : c.reports.slice(0, CARD_REPORTS);
  const hiddenReports = c.reportCount - reports.length;
  const edited =
    !c.content.gone && c.content.current !== null && c.content.current !== c.content.snapshot;
  const now = useNow();
  const overdue = c.status === 'open' && Date.parse(c.dueAt) < now;

  return (
    <article
      className={overdue ? 'mod-case mod-case--overdue' : 'mod-case'}
      aria-labelledby={titleId}
      data-testid="case"
    >
      <header className="mod-case__head">
        <div className="mod-case__titles">
          <Heading id={titleId} className="mod-case__title">
            <span className="mod-kind">{t(`case.kind.${kind}`)}</span>{' '}
            {c.author ? (
              <span className="mod-case__by">@{c.author.username}</span>
            ) : (
              <span className="mod-case__by">{t('case.deletedAccount')}</span>
            )}
          </Heading>
          <ContextLine modCase={c} />
        </div>
        {c.status === 'open' ? <DueLabel dueAt={c.dueAt} /> : null}
      </header>

      <div className="mod-case__content">
        {c.content.imageUrl ? (
          <img
            className="mod-case__thumb"
            src={c.content.imageUrl}
            alt={t('case.image')}
            loading="lazy"
            width={96}
            height={96}
          />
        ) : null}
        <div className="mod-case__text">
          {c.content.gone ? (
            <p className="mod-case__gone">
              <ImageOff aria-hidden="true" />
              <strong>{t('case.gone')}</strong>
              <span className="mod-muted">{t('case.goneHint')}</span>
            </p>
          ) : null}
          {edited ? (
            <>
              <p className="mod-case__label">{t('case.current')}</p>
              <p className="mod-case__body">{c.content.current}</p>
              <p className="mod-case__label">{t('case.snapshot')}</p>
              <p className="mod-case__body mod-case__body--old">{c.content.snapshot}</p>
            </>
          ) : (
            <p className="mod-case__body">{c.content.snapshot}</p>
          )}
          {!c.content.gone ? (
            <Link className="mod-link" to={c.content.link}>
              <ExternalLink aria-hidden="true" />
              {t('case.open')} <span className="visually-hidden">{t(`case.kind.${kind}`)}</span>
            </Link>
          ) : null}
        </div>
      </div>

      <div className="mod-case__author">
        <span className="mod-muted">{t('case.author')}</span>
        {c.author ? (
          <>
            <Avatar
              name={c.author.name || c.author.username}
              src={c.author.avatarUrl}
              size={24}
              decorative
            />
            <Link className="mod-link" to={`/user/${encodeURIComponent(c.author.id)}`}>
              {c.author.name || c.author.username}
            </Link>
            <span className="mod-muted">@{c.author.username}</span>
            <StandingBadges standing={c.author} />
          </>
        ) : (
          <span>{t('case.deletedAccount')}</span>
        )}
      </div>

      <div className="mod-case__reasons">
        <span className="mod-count">
          <Flag aria-hidden="true" />
          {t('case.reports', { count: c.reportCount })}
        </span>
        <ul className="mod-chips" aria-label={t('case.reasons')}>
          {c.reasons.map((r) => (
            <li key={r.reason} className="mod-chip">
              {t(`reasons.${r.reason}`)} <span className="mod-chip__count">×{r.count}</span>
            </li>
          ))}
        </ul>
      </div>

      {reports.length > 0 ? (
        <details className="mod-case__reports" open>
          <summary>
            {variant === 'full'
              ? t('case.allReports', { count: c.reportCount })
              : t('case.latestReports')}
          </summary>
          <ul className="mod-reports">
            {reports.map((r) => (
              <ReportLine key={r.id} report={r} />
            ))}
          </ul>
          {hiddenReports > 0 ? (
            <p className="mod-muted">{t('case.moreReports', { count: hiddenReports })}</p>
          ) : null}
        </details>
      ) : null}

      {c.resolution ? (
        <div className="mod-case__resolution">
          <p>
            {c.resolution.moderator
              ? t('case.resolvedBy', {
                  action: t(`case.resolution.${c.resolution.action}`),
                  moderator: `@${c.resolution.moderator.username}`,
                  date: formatDate(c.resolution.at, DATE_TIME),
                })
              : t('case.resolvedBySystem', {
                  action: t(`case.resolution.${c.resolution.action}`),
                  date: formatDate(c.resolution.at, DATE_TIME),
                })}
          </p>
          <p className="mod-case__body">{c.resolution.reason}</p>
        </div>
      ) : null}

      <footer className="mod-case__foot">
        {c.status === 'open' ? <CaseActions modCase={c} viewerId={viewerId} /> : null}
        {variant === 'card' ? (
          <Link className="mod-link mod-case__more" to={casePath(c)}>
            {t('case.viewCase')}
          </Link>
        ) : null}
      </footer>
    </article>
  );
}

function ContextLine({ modCase: c }: { modCase: ModerationCase }) {
  const { t } = useTranslation('moderation');
  const ctx = c.content.context;
  const parts: string[] = [];
  if (ctx.communityName) parts.push(t('case.inCommunity', { community: ctx.communityName }));
  if (ctx.postTitle) parts.push(t('case.onPost', { post: ctx.postTitle }));
  if (ctx.mediaTitle) parts.push(t('case.onMedia', { media: ctx.mediaTitle }));
  return (
    <p className="mod-case__context">
      {parts.length > 0 ? <span>{parts.join(' · ')} · </span> : null}
      <span>{t('case.firstReported', { date: formatDate(c.firstReportedAt, DATE_TIME) })}</span>
    </p>
  );
}

function ReportLine({ report }: { report: CaseReport }) {
  const { t } = useTranslation('moderation');
  return (
    <li className="mod-report">
      <Avatar
        name={report.reporter.name || report.reporter.username}
        src={report.reporter.avatarUrl}
        size={24}
        decorative
      />
      <div className="mod-report__text">
        <p>
          <span className="mod-report__who">@{report.reporter.username}</span>{' '}
          <span className="mod-chip mod-chip--small">{t(`reasons.${report.reason}`)}</span>{' '}
          <time className="mod-muted" dateTime={report.createdAt}>
            {formatDate(report.createdAt, DATE_TIME)}
          </time>
        </p>
        {report.details ? <p className="mod-report__details">{report.details}</p> : null}
      </div>
    </li>
  );
}
