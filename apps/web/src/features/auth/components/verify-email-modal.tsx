import { formatCountdown } from '@otakura/shared';
import { MailCheck } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useCallback, useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { refreshSession } from '../api/auth-client';
import {
  sendVerificationEmail,
  useSendVerificationEmailMutation,
} from '../api/send-verification-email';
import { useSignOut } from '../hooks/use-sign-out';
import { authErrorMessage } from '../utils/auth-error';
import '@/components/ui/modal.css';
import './verify-email-modal.css';

/** How often the session is fetched again while the modal waits for the link to be opened. */
export const VERIFY_POLL_MS = 5000;

/** A countdown in whole seconds: `start(n)` counts down from n to 0, once a second. */
function useCountdown(): [seconds: number, start: (seconds: number) => void] {
  const [until, setUntil] = useState<number | null>(null);
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (until === null) return;
    const timer = window.setInterval(() => {
      const left = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      setSeconds(left);
      if (left === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  const start = useCallback((from: number) => {
    setUntil(Date.now() + from * 1000);
    setSeconds(Math.max(0, Math.ceil(from)));
  }, []);
  return [seconds, start];
}

/** The blocking modal of `VerifyEmailGate` (verify-email-gate.tsx), loaded when it is needed. */
export function VerifyEmailModal({ userId, email }: { userId: string; email: string }) {
  const { t } = useTranslation('auth');
  const { toast } = useToast();
  const resend = useSendVerificationEmailMutation();
  const signOut = useSignOut();
  const [message, setMessage] = useState<{ kind: 'sent' | 'error'; text: string } | null>(null);
  // When the server allows the next mail: the button waits with a countdown until then.
  const [waitSeconds, startWait] = useCountdown();
  const waiting = waitSeconds > 0;

  // Spec: a verification mail is sent automatically when the email is unverified. The server
  // decides: it sends once per cooldown (the sign-up mail counts) and otherwise sends nothing,
  // answering the time left, which the button then counts down.
  useEffect(() => {
    let live = true;
    sendVerificationEmail(email, { automatic: true })
      .then((result) => {
        if (live) startWait(result.retryAfter);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [userId, email, startWait]);

  // The link is opened in another tab or on another device: notice it without a reload.
  useEffect(() => {
    const poll = () => {
      if (document.visibilityState !== 'hidden') refreshSession();
    };
    const timer = window.setInterval(poll, VERIFY_POLL_MS);
    window.addEventListener('focus', poll);
    document.addEventListener('visibilitychange', poll);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', poll);
      document.removeEventListener('visibilitychange', poll);
    };
  }, []);

  const onResend = async () => {
    setMessage(null);
    try {
      const result = await resend.mutateAsync(email);
      setMessage({ kind: 'sent', text: t('verify.sent') });
      startWait(result.retryAfter);
    } catch (error) {
      if (isApiError(error, 'email_already_verified')) {
        refreshSession();
        return;
      }
      // Limited (another tab sent one): the button counts the wait down instead of a message.
      if (isApiError(error, 'rate_limited') && error.retryAfter) {
        startWait(error.retryAfter);
        return;
      }
      setMessage({ kind: 'error', text: authErrorMessage(error, t) });
    }
  };

  const onSignOut = async () => {
    try {
      await signOut();
    } catch {
      toast({ variant: 'error', title: t('sidebar.logoutFailed', { ns: 'common' }) });
    }
  };

  const block = (event: Event) => event.preventDefault();

  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className="ui-modal-overlay verify-gate__overlay" />
        <Dialog.Content
          className="ui-modal ui-modal--center ui-modal--sm verify-gate"
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
        >
          <div className="verify-gate__icon" aria-hidden="true">
            <MailCheck />
          </div>
          <Dialog.Title className="verify-gate__title">{t('verify.title')}</Dialog.Title>
          <Dialog.Description className="verify-gate__description">
            <Trans
              t={t}
              i18nKey="verify.description"
              values={{ email }}
              components={{ strong: <strong className="verify-gate__email" /> }}
            />
          </Dialog.Description>
          <div
            className={
              message?.kind === 'error' ? 'verify-gate__message--error' : 'verify-gate__message'
            }
            role={message?.kind === 'error' ? 'alert' : 'status'}
          >
            {message?.text}
          </div>
          <Button
            size="lg"
            block
            loading={resend.isPending}
            disabled={waiting}
            onClick={() => void onResend()}
          >
            {waiting
              ? t('verify.resendIn', { time: formatCountdown(waitSeconds) })
              : t('verify.resend')}
          </Button>
          <p className="verify-gate__waiting" aria-hidden="true">
            <span className="verify-gate__pulse" />
            {t('verify.waiting')}
          </p>
          <p className="verify-gate__switch">
            {t('verify.wrongAccount')}{' '}
            <button type="button" className="verify-gate__link" onClick={() => void onSignOut()}>
              {t('verify.logout')}
            </button>
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
