import { lazy, Suspense } from 'react';
import { useSession } from '../hooks/use-session';
import '@/components/ui/modal.css';

/* Most sessions are verified: the modal's code is fetched only for one that is not, so it is
   not part of every page's first load (docs/web.md, "Bundle and code splitting"). */
const VerifyEmailModal = lazy(() =>
  import('./verify-email-modal').then((m) => ({ default: m.VerifyEmailModal })),
);

/**
 * Spec §2: while the signed-in user's email is unverified, the modal 'Verify Your Email Address'
 * blocks the app, with 'Resend Verification Email'. It cannot be dismissed; it goes away by
 * itself once the session says the address is verified (fetched on focus and every 5 s).
 */
export function VerifyEmailGate() {
  const session = useSession();
  if (session.status !== 'signed-in' || session.user.emailVerified) return null;
  return (
    // While the modal's code arrives, the dim overlay already holds the app back.
    <Suspense fallback={<div className="ui-modal-overlay" aria-hidden="true" />}>
      <VerifyEmailModal userId={session.user.id} email={session.user.email} />
    </Suspense>
  );
}
