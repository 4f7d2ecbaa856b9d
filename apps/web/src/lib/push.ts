import { PushKeySchema, type PushKey, type PushSubscriptionInput } from '@otakura/shared';
import { api } from './api-client';
import { SERVICE_WORKER_URL } from './service-worker';

/**
 * Web Push on this device (docs/notifications.md): the browser's permission, its push
 * subscription with the server's VAPID key, and the server's copy of it. Each device subscribes
 * on its own; the server sends every new notification to every subscription of the user.
 */

/** Whether this browser can receive push messages at all (service workers, PushManager, Notification). */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The site's notification permission here ('default' until asked). */
export function pushPermission(): NotificationPermission {
  return pushSupported() ? Notification.permission : 'denied';
}

/** `GET /push/key`: the server's VAPID public key, null when push is off on the server. */
export function getPushKey(signal?: AbortSignal): Promise<PushKey> {
  return api.get('/push/key', { schema: PushKeySchema, signal });
}

/** A base64url VAPID key as the bytes `pushManager.subscribe` takes. */
export function urlBase64ToUint8Array(base64url: string): Uint8Array<ArrayBuffer> {
  const padding = '='.repeat((4 - (base64url.length % 4)) % 4);
  const base64 = (base64url + padding).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The app's service worker registration, registering it when needed (development builds). */
async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration();
  if (existing) return existing;
  await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  return navigator.serviceWorker.ready;
}

/** This browser's current push subscription, if any. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return reg ? reg.pushManager.getSubscription() : null;
}

/** The permission was not granted: 'denied' (blocked) or 'default' (the prompt was dismissed). */
export class PushPermissionError extends Error {
  constructor(readonly permission: NotificationPermission) {
    super(`Notification permission: ${permission}`);
    this.name = 'PushPermissionError';
  }
}

function toInput(subscription: PushSubscription): PushSubscriptionInput {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/**
 * Asks the browser's permission, subscribes with `publicKey` and hands the subscription to the
 * server (`POST /push/subscriptions`, an upsert by endpoint). A subscription made with another
 * key (the server's keys changed) is replaced.
 */
export async function subscribeToPush(publicKey: string): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionError(permission);
  const reg = await registration();
  const applicationServerKey = urlBase64ToUint8Array(publicKey);
  let subscription = await reg.pushManager.getSubscription();
  if (subscription && !sameKey(subscription, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  await api.post('/push/subscriptions', { body: toInput(subscription) });
  return subscription;
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options?.applicationServerKey;
  if (!current) return true;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

/** Forgets this device: the server drops the subscription (`DELETE /push/subscriptions`), then the browser. */
export async function unsubscribeFromPush(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await api.delete('/push/subscriptions', { body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}
