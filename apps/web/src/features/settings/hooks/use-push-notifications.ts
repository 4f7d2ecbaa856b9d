import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  currentPushSubscription,
  getPushKey,
  pushPermission,
  pushSupported,
  PushPermissionError,
  subscribeToPush,
  unsubscribeFromPush,
} from '@/lib/push';

/**
 * This device's push state, honest about why it cannot be turned on:
 * `unsupported` (the browser has no Web Push), `unavailable` (the server has no VAPID key),
 * `keyFailed` (the key could not be read), `denied` (notifications blocked for the site),
 * `checking`, then `off` or `on`.
 */
export type PushStatus =
  'checking' | 'unsupported' | 'unavailable' | 'keyFailed' | 'denied' | 'off' | 'on';

export const pushKeyQueryKey = ['push', 'key'] as const;

/** The push row's state and its switch (asks the permission, subscribes, unsubscribes). */
export function usePushNotifications() {
  const supported = pushSupported();
  const key = useQuery({
    queryKey: pushKeyQueryKey,
    queryFn: ({ signal }) => getPushKey(signal),
    enabled: supported,
    staleTime: Infinity,
  });
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [permission, setPermission] = useState<NotificationPermission>(() => pushPermission());
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (!supported) return;
    let live = true;
    currentPushSubscription()
      .then((s) => live && setSubscribed(s !== null))
      .catch(() => live && setSubscribed(false));
    return () => {
      live = false;
    };
  }, [supported]);

  const toggle = useMutation({
    mutationFn: async (on: boolean) => {
      setDismissed(false);
      if (on) {
        const publicKey = key.data?.publicKey;
        if (!publicKey) throw new Error('Push is not available on this server.');
        await subscribeToPush(publicKey);
      } else {
        await unsubscribeFromPush();
      }
      return on;
    },
    onSuccess: (on) => setSubscribed(on),
    onError: (error) => {
      if (error instanceof PushPermissionError && error.permission === 'default')
        setDismissed(true);
      else if (!(error instanceof PushPermissionError)) console.error('Push change failed', error);
    },
    onSettled: () => setPermission(pushPermission()),
  });

  let status: PushStatus;
  if (!supported) status = 'unsupported';
  else if (key.isError) status = 'keyFailed';
  else if (key.isPending || subscribed === null) status = 'checking';
  else if (key.data.publicKey === null) status = 'unavailable';
  else if (permission === 'denied') status = 'denied';
  else status = subscribed ? 'on' : 'off';

  return {
    status,
    /** The last switch did not take (other than a refused permission), with which way it went. */
    failed:
      toggle.isError && !(toggle.error instanceof PushPermissionError)
        ? toggle.variables
          ? ('on' as const)
          : ('off' as const)
        : null,
    /** The permission prompt was closed without an answer. */
    dismissed,
    pending: toggle.isPending,
    setOn: (on: boolean) => toggle.mutate(on),
  };
}
