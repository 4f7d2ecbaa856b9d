import { Monitor, Smartphone } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { formatDate } from '@/lib/i18n';
import { useSessionsQuery } from '../api/list-sessions';
import { useRevokeOtherSessionsMutation } from '../api/revoke-other-sessions';
import { useRevokeSessionMutation } from '../api/revoke-session';
import { authErrorMessage } from '../utils/auth-error';
import { describeUserAgent } from '../utils/describe-user-agent';
import './security.css';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * /security, "Where you're signed in": every session of the account (browser and system, address,
 * when it started and was last used), this one marked; sign out one, or all the others.
 */
export function SessionsList({ currentSessionId }: { currentSessionId: string }) {
  const { t } = useTranslation('auth');
  const { toast } = useToast();
  const headingId = useId();
  const sessions = useSessionsQuery();
  const revoke = useRevokeSessionMutation();
  const revokeOthers = useRevokeOtherSessionsMutation();
  const [revoking, setRevoking] = useState<string | null>(null);

  const rows = [...(sessions.data ?? [])].sort((a, b) => {
    if (a.id === currentSessionId) return -1;
    if (b.id === currentSessionId) return 1;
    return Date.parse(b.updatedAt) - Date.parse(a.updatedAt);
  });
  const others = rows.filter((s) => s.id !== currentSessionId);

  const deviceName = (userAgent: string | null | undefined) => {
    const { browser, os } = describeUserAgent(userAgent);
    if (browser && os) return t('security.sessions.deviceOn', { browser, os });
    return browser ?? os ?? t('security.sessions.unknownDevice');
  };

  const revokeOne = async (token: string) => {
    setRevoking(token);
    try {
      await revoke.mutateAsync(token);
      toast({ variant: 'success', title: t('security.sessions.revoked') });
    } catch (e) {
      toast({ variant: 'error', title: authErrorMessage(e, t) });
    } finally {
      setRevoking(null);
    }
  };

  const revokeAllOthers = async () => {
    try {
      await revokeOthers.mutateAsync();
    } catch (e) {
      toast({ variant: 'error', title: authErrorMessage(e, t) });
      throw e;
    }
    toast({ variant: 'success', title: t('security.sessions.revokedOthers') });
  };

  return (
    <Card asChild padding="lg" className="security-card">
      <section aria-labelledby={headingId}>
        <div className="security-card__header">
          <div className="security-card__titles">
            <h2 id={headingId} className="security-card__title">
              {t('security.sessions.heading')}
            </h2>
            <p className="security-card__description">{t('security.sessions.description')}</p>
          </div>
        </div>

        {sessions.isPending ? (
          <div className="sessions-list" role="status">
            <span className="visually-hidden">{t('loading', { ns: 'common' })}</span>
            {[0, 1].map((i) => (
              <div key={i} className="sessions-list__item">
                <Skeleton shape="circle" width={40} height={40} />
                <div className="sessions-list__text">
                  <Skeleton shape="text" width="45%" />
                  <Skeleton shape="text" width="70%" />
                </div>
              </div>
            ))}
          </div>
        ) : sessions.isError ? (
          <div className="security-card__row" role="alert">
            <p>{t('security.sessions.loadFailed')}</p>
            <Button variant="secondary" onClick={() => void sessions.refetch()}>
              {t('actions.tryAgain', { ns: 'common' })}
            </Button>
          </div>
        ) : (
          <ul className="sessions-list">
            {rows.map((s) => {
              const device = describeUserAgent(s.userAgent);
              const name = deviceName(s.userAgent);
              const current = s.id === currentSessionId;
              const Icon = device.mobile ? Smartphone : Monitor;
              return (
                <li key={s.id} className="sessions-list__item">
                  <span className="sessions-list__icon" aria-hidden="true">
                    <Icon />
                  </span>
                  <div className="sessions-list__text">
                    <p className="sessions-list__device">
                      {name}
                      {current ? (
                        <span className="security-badge security-badge--on">
                          {t('security.sessions.current')}
                        </span>
                      ) : null}
                    </p>
                    <p className="sessions-list__meta" title={s.userAgent ?? undefined}>
                      <span>{s.ipAddress || t('security.sessions.unknownAddress')}</span>
                      <span aria-hidden="true"> · </span>
                      <span>
                        {t('security.sessions.signedIn', {
                          date: formatDate(s.createdAt, DATE_TIME),
                        })}
                      </span>
                      {!current ? (
                        <>
                          <span aria-hidden="true"> · </span>
                          <span>
                            {t('security.sessions.lastActive', {
                              date: formatDate(s.updatedAt, DATE_TIME),
                            })}
                          </span>
                        </>
                      ) : null}
                    </p>
                  </div>
                  {current ? null : (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={t('security.sessions.revokeLabel', { device: name })}
                      loading={revoking === s.token}
                      onClick={() => void revokeOne(s.token)}
                    >
                      {t('security.sessions.revoke')}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}

        {sessions.isSuccess ? (
          others.length > 0 ? (
            <div className="security-form__actions">
              <ConfirmDialog
                trigger={<Button variant="secondary">{t('security.sessions.revokeOthers')}</Button>}
                title={t('security.sessions.revokeOthersQuestion')}
                description={t('security.sessions.revokeOthersDescription')}
                confirmLabel={t('security.sessions.revokeOthers')}
                onConfirm={revokeAllOthers}
              />
            </div>
          ) : (
            <p className="security-card__description">{t('security.sessions.none')}</p>
          )
        ) : null}
      </section>
    </Card>
  );
}
