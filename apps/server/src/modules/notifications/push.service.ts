/**
 * Web Push (issue 09, docs/notifications.md): VAPID keys, subscriptions, delivery with the
 * `web-push` package.
 */
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/client';
import type { NotificationDeliverer } from './notifications.service';

/** Placeholder until the push owner lands the real one (issue 09, same session). */
export function createPushDeliverer(
  _config: AppConfig,
  _database: Database,
): NotificationDeliverer {
  return { async deliver() {} };
}
