import type { Notification } from '@otakura/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** The sentence keys of the types that name people ("Rin and 12 others liked your post"). */
function actorKey(n: Notification): string | null {
  switch (n.type) {
    case 'comment':
      return 'comment';
    case 'reply':
      return 'reply';
    case 'like':
      return n.subtype === 'comment' ? 'likeComment' : 'likePost';
    case 'follow':
      return 'follow';
    default:
      return null;
  }
}

/** The sentence of a notification without people (moderation and orders). */
export function systemSentence(t: TFunction<'notifications'>, n: Notification): string {
  if (n.type === 'order') {
    return n.subtype === 'shipped' ? t('sentence.orderShipped') : t('sentence.orderPaid');
  }
  const reason = n.reason?.trim() ?? '';
  switch (n.subtype) {
    case 'report_actioned':
      return t('sentence.reportActioned');
    case 'report_dismissed':
      return t('sentence.reportDismissed');
    case 'content_removed':
      return reason
        ? t('sentence.contentRemoved', { reason })
        : t('sentence.contentRemovedNoReason');
    case 'warned':
      return reason ? t('sentence.warned', { reason }) : t('sentence.warnedNoReason');
    case 'suspended':
      return n.excerpt
        ? t('sentence.suspended', { reason, length: n.excerpt })
        : t('sentence.suspendedNoLength', { reason });
    case 'unsuspended':
      return t('sentence.unsuspended');
    default:
      return t('sentence.moderationOther');
  }
}

/** The excerpt shown under the sentence (a suspension's length is already in its sentence). */
export function notificationExcerpt(n: Notification): string | null {
  if (n.type === 'moderation' && n.subtype === 'suspended') return null;
  return n.excerpt;
}

/** A mark that no name contains, so the translated sentence can be split around the name. */
const ACTOR_MARK = '\u0000';

/**
 * What happened, by type and subtype: "Rin liked your post", "Rin and 12 others liked your post"
 * (grouped, plural by i18next `count`), "Your report was reviewed: no rule was broken.", "You
 * received a warning: {reason}", "Your order has shipped"… The first person's name is bold (as
 * text: a name is never parsed as markup).
 */
export function NotificationSentence({ notification: n }: { notification: Notification }) {
  const { t } = useTranslation('notifications');
  const key = actorKey(n);
  if (!key) return <>{systemSentence(t, n)}</>;
  const first = n.actors[0];
  const actor = first ? first.name || first.username : t('sentence.someone');
  const others = Math.max(0, n.actorCount - 1);
  const sentence =
    others > 0
      ? t(`sentence.${key}.group`, { actor: ACTOR_MARK, count: others })
      : t(`sentence.${key}.solo`, { actor: ACTOR_MARK });
  const [before = '', ...after] = sentence.split(ACTOR_MARK);
  return (
    <>
      {before}
      <strong className="notification__actor">{actor}</strong>
      {after.join(actor)}
    </>
  );
}
