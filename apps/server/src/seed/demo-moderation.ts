/**
 * The issue 09 part of the demo world: two staff accounts, an open moderation queue, a few
 * closed cases with their audit log, and the demo account's notifications. Rows only (inserted
 * with the rest of the world in its one transaction); choices from their own seeded PRNG, so
 * the rest of the world draws exactly as before.
 *
 * - staff: `admin@otakura.local` (admin) and `moderator@otakura.local` (moderator), the demo
 *   password; the role grants are in the audit log (the admin's by the command line).
 * - open cases: three post comments (one reported by three people, one older than 24 hours so
 *   it shows as overdue), a media comment, two posts, a user and a shop item; varied reasons,
 *   one "other" with the reporter's words.
 * - closed cases: a comment removed (reported by the demo account among others; the comment is
 *   the spec's tombstone), a post's reports dismissed, a user warned; each with its audit line
 *   and the notifications the action sends.
 * - the demo account's notifications: grouped likes ("X and N others liked your post"), a
 *   follow group, a comment and a reply, the outcome of its report, an order paid (with the
 *   order itself, from the shop).
 */
import {
  DELETED_COMMENT_TEXT,
  SYSTEM_USER_ID,
  type NotificationSubtype,
  type NotificationType,
  type ReportReason,
} from '@otakura/shared';
import type { PgTable } from 'drizzle-orm/pg-core';
import type {
  auditLog,
  comments,
  notificationActors,
  notifications,
  orderItems,
  orders,
  postLikes,
  posts,
  reports,
  shopItems,
  userFollows,
} from '../db/schema';
import { newId } from '../lib/ids';
import { createRng } from './art';
import type { UserContent } from './content';

type Row<T extends PgTable> = T['$inferInsert'];

export interface StaffContent extends UserContent {
  email: string;
  role: 'admin' | 'moderator';
}

/** The staff accounts the start banner prints; the demo password. */
export const STAFF: readonly StaffContent[] = [
  {
    name: 'Aoi Sato',
    username: 'aoi_admin',
    email: 'admin@otakura.local',
    bio: 'Runs this Otakura. Questions about the rules or the server: ask away.',
    birthday: 'August 08, 1987',
    role: 'admin',
  },
  {
    name: 'Ren Ishikawa',
    username: 'ren_moderates',
    email: 'moderator@otakura.local',
    bio: 'Community moderator. Every report gets read within a day.',
    birthday: 'February 20, 1991',
    role: 'moderator',
  },
];

/** A person of the world as the planner needs them. */
export interface ModerationPerson {
  id: string;
  content: UserContent;
  isDemo: boolean;
}

export interface ModerationWorldInput {
  now: Date;
  people: readonly ModerationPerson[];
  /** The staff accounts of STAFF, in that order. */
  staff: readonly ModerationPerson[];
  posts: readonly Row<typeof posts>[];
  /** Comment rows; the removed one is turned into a tombstone in place. */
  comments: Row<typeof comments>[];
  postLikes: readonly Row<typeof postLikes>[];
  follows: readonly Row<typeof userFollows>[];
  shopItems: readonly Row<typeof shopItems>[];
  /** Basis points of sales tax on the order (the shop's default). */
  taxRateBps: number;
}

export interface ModerationWorld {
  reports: Row<typeof reports>[];
  auditLog: Row<typeof auditLog>[];
  notifications: Row<typeof notifications>[];
  notificationActors: Row<typeof notificationActors>[];
  orders: Row<typeof orders>[];
  orderItems: Row<typeof orderItems>[];
  /** Open cases (distinct reported targets with open reports). */
  openCases: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** As the moderation services write them (content-text.ts). */
const postText = (p: { title: string; body?: string | null }) =>
  p.body ? `${p.title}\n\n${p.body}` : p.title;
const userText = (u: UserContent) => `${u.name} (@${u.username})\n\n${u.bio}`;
const itemText = (i: { name: string; about?: string | null }) =>
  i.about ? `${i.name}\n\n${i.about}` : i.name;
const excerptOf = (text: string, max = 120) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** What the reported comments say (their seeded text is friendly; these are worth a report). */
const REPORTED_LINES = {
  crowded: 'Only people with no taste watch this. Log off.',
  overdue: 'Cannot believe the captain dies in the last episode. What a twist!',
  media: 'Free downloads of every episode at example.net/free-eps, go go go',
  plain: 'Follow my page for daily giveaways!! example.org/win',
  insult: 'You clearly have no idea what you are talking about. Embarrassing.',
} as const;

const REMOVE_REASON = 'Insults aimed at another member break rule 1: be kind.';
const DISMISS_REASON = 'Marked as a spoiler already; nothing to remove.';
const WARN_REASON = 'Please stop posting the same shop link in every thread.';

/** Builds the rows; throws if the world lacks what it needs (a change in the main seed). */
export function planModerationWorld(input: ModerationWorldInput): ModerationWorld {
  const rng = createRng('otakura-demo-moderation');
  const nowMs = input.now.getTime();
  const ago = (ms: number) => new Date(nowMs - Math.round(ms));
  const demo = input.people.find((p) => p.isDemo);
  const [admin, moderator] = input.staff;
  if (!demo || !admin || !moderator) throw new Error('planModerationWorld needs demo and staff');
  const byId = new Map([...input.people, ...input.staff].map((p) => [p.id, p]));
  const staffRoles = new Set(['admin', 'moderator']);
  /** Ordinary members other than the demo account: authors and reporters. */
  const members = input.people.filter(
    (p) => !p.isDemo && !staffRoles.has(p.content.role ?? 'user'),
  );
  const isMember = (id: string | null | undefined) => members.some((m) => m.id === id);
  const reportersFor = (authorId: string, n: number) =>
    rng.shuffle(members.filter((m) => m.id !== authorId)).slice(0, n);
  const old = (d: Date | undefined) => (d?.getTime() ?? nowMs) < nowMs - 3 * DAY;

  const used = new Set<string>();
  const pick = <T extends { id?: string }>(list: readonly T[], what: string): T => {
    const options = list.filter((x) => !used.has(x.id!));
    if (!options.length) throw new Error(`demo moderation: no ${what} left`);
    const chosen = rng.pick(options);
    used.add(chosen.id!);
    return chosen;
  };
  /** A comment picked for a report, now saying `line` (the snapshot is taken from it). */
  const reportedComment = (list: Row<typeof comments>[], line: string): Row<typeof comments> => {
    const c = pick(list, 'comment');
    c.body = line;
    return c;
  };

  const postById = new Map(input.posts.map((p) => [p.id!, p]));
  const postComments = input.comments.filter(
    (c) => c.postId && !c.replyToId && isMember(c.userId) && old(c.createdAt),
  );
  const mediaComments = input.comments.filter(
    (c) => c.mediaId && isMember(c.userId) && old(c.createdAt),
  );
  const memberPosts = input.posts.filter((p) => isMember(p.userId) && old(p.createdAt));
  const memberItems = input.shopItems.filter((s) => isMember(s.sellerId));

  const reportRows: Row<typeof reports>[] = [];
  const report = (
    target: {
      type: 'comment' | 'post' | 'user' | 'shop_item';
      id: string;
      authorId: string;
      snapshot: string;
      communityId?: string | null;
      postId?: string | null;
      mediaId?: string | null;
    },
    reporters: readonly ModerationPerson[],
    reasons: readonly ReportReason[],
    firstAt: Date,
    details?: string,
  ) =>
    reporters.forEach((r, i) =>
      reportRows.push({
        id: newId(),
        targetType: target.type,
        targetId: target.id,
        reporterId: r.id,
        authorId: target.authorId,
        snapshot: target.snapshot,
        reason: reasons[i % reasons.length]!,
        details: reasons[i % reasons.length] === 'other' ? (details ?? null) : null,
        communityId: target.communityId ?? null,
        postId: target.postId ?? null,
        mediaId: target.mediaId ?? null,
        createdAt: new Date(firstAt.getTime() + i * rng.range(10, 50) * 60_000),
      }),
    );
  const commentTarget = (c: Row<typeof comments>) => ({
    type: 'comment' as const,
    id: c.id!,
    authorId: c.userId,
    snapshot: c.body,
    communityId: c.postId ? (postById.get(c.postId)?.communityId ?? null) : null,
    postId: c.postId ?? null,
    mediaId: c.mediaId ?? null,
  });
  const postTarget = (p: Row<typeof posts>) => ({
    type: 'post' as const,
    id: p.id!,
    authorId: p.userId,
    snapshot: postText(p),
    communityId: p.communityId,
    postId: p.id!,
  });

  // ---- open cases
  const crowded = reportedComment(postComments, REPORTED_LINES.crowded);
  report(
    commentTarget(crowded),
    reportersFor(crowded.userId, 3),
    ['harassment', 'harassment', 'spam'],
    ago(rng.range(2, 5) * HOUR),
  );
  const overdue = reportedComment(postComments, REPORTED_LINES.overdue);
  report(commentTarget(overdue), reportersFor(overdue.userId, 1), ['spoiler'], ago(30 * HOUR));
  const media = reportedComment(mediaComments, REPORTED_LINES.media);
  report(
    commentTarget(media),
    reportersFor(media.userId, 1),
    ['other'],
    ago(rng.range(3, 8) * HOUR),
    'Posts the same link under every episode, and it is not about the show.',
  );
  const plain = reportedComment(postComments, REPORTED_LINES.plain);
  report(commentTarget(plain), reportersFor(plain.userId, 1), ['spam'], ago(6 * HOUR));
  const spoilerPost = pick(memberPosts, 'post');
  report(postTarget(spoilerPost), reportersFor(spoilerPost.userId, 1), ['spoiler'], ago(5 * HOUR));
  const spamPost = pick(memberPosts, 'post');
  report(postTarget(spamPost), reportersFor(spamPost.userId, 2), ['spam'], ago(9 * HOUR));
  const rude = pick(members, 'member');
  report(
    { type: 'user', id: rude.id, authorId: rude.id, snapshot: userText(rude.content) },
    reportersFor(rude.id, 1),
    ['harassment'],
    ago(1.5 * HOUR),
  );
  const item = pick(memberItems, 'shop item');
  report(
    { type: 'shop_item', id: item.id!, authorId: item.sellerId, snapshot: itemText(item) },
    reportersFor(item.sellerId, 1),
    ['spam'],
    ago(12 * HOUR),
  );
  const openCases = new Set(reportRows.map((r) => `${r.targetType}:${r.targetId}`)).size;

  // ---- closed cases, their audit lines and notifications
  const auditRows: Row<typeof auditLog>[] = [];
  const noticeRows: Row<typeof notifications>[] = [];
  const actorRows: Row<typeof notificationActors>[] = [];
  const notice = (n: {
    userId: string;
    type: NotificationType;
    subtype?: NotificationSubtype | null;
    groupKey?: string;
    targetType?: string | null;
    targetId?: string | null;
    link: string;
    excerpt?: string | null;
    reason?: string | null;
    at: Date;
    updatedAt?: Date;
    read?: boolean;
    actors?: { id: string; at: Date }[];
  }) => {
    const id = newId();
    noticeRows.push({
      id,
      userId: n.userId,
      type: n.type,
      subtype: n.subtype ?? null,
      groupKey: n.groupKey ?? `unique:${newId()}`,
      targetType: n.targetType ?? null,
      targetId: n.targetId ?? null,
      link: n.link,
      excerpt: n.excerpt ?? null,
      reason: n.reason ?? null,
      actorCount: n.actors?.length ?? 0,
      readAt: n.read
        ? new Date(Math.min(nowMs - 60_000, (n.updatedAt ?? n.at).getTime() + HOUR))
        : null,
      createdAt: n.at,
      updatedAt: n.updatedAt ?? n.at,
    });
    for (const a of n.actors ?? [])
      actorRows.push({ notificationId: id, actorId: a.id, createdAt: a.at });
  };
  const close = (
    targetType: string,
    targetId: string,
    by: ModerationPerson,
    action: 'dismiss' | 'remove' | 'warn',
    reason: string,
    at: Date,
  ) => {
    for (const r of reportRows) {
      if (r.targetType !== targetType || r.targetId !== targetId || r.status) continue;
      r.status = action === 'dismiss' ? 'dismissed' : 'resolved';
      r.resolvedById = by.id;
      r.resolvedAt = at;
      r.resolutionAction = action;
      r.resolutionReason = reason;
    }
  };

  // 1. A comment the demo account (and one other) reported: removed by the moderator.
  const insult = reportedComment(
    postComments.filter((c) => c.createdAt!.getTime() < nowMs - 2 * DAY),
    REPORTED_LINES.insult,
  );
  const insultTarget = commentTarget(insult);
  const insultReporters = [demo, ...reportersFor(insult.userId, 1)];
  const removedAt = ago(20 * HOUR);
  report(insultTarget, insultReporters, ['harassment'], ago(27 * HOUR));
  close('comment', insult.id!, moderator, 'remove', REMOVE_REASON, removedAt);
  const insultLabel = excerptOf(insult.body);
  auditRows.push({
    actorId: moderator.id,
    action: 'content.remove',
    targetType: 'comment',
    targetId: insult.id!,
    subjectId: insult.userId,
    reason: REMOVE_REASON,
    label: insultLabel,
    details: { reportCount: insultReporters.length },
    createdAt: removedAt,
  });
  for (const r of insultReporters)
    notice({
      userId: r.id,
      type: 'moderation',
      subtype: 'report_actioned',
      targetType: 'comment',
      targetId: insult.id!,
      link: `/post/${insult.postId}`,
      excerpt: insultLabel,
      reason: REMOVE_REASON,
      at: removedAt,
    });
  notice({
    userId: insult.userId,
    type: 'moderation',
    subtype: 'content_removed',
    targetType: 'comment',
    targetId: insult.id!,
    link: '/terms-and-conditions',
    excerpt: insultLabel,
    reason: REMOVE_REASON,
    at: removedAt,
  });
  // The spec's tombstone, as the removal leaves it.
  Object.assign(insult, {
    body: DELETED_COMMENT_TEXT,
    userId: SYSTEM_USER_ID,
    deletedAt: removedAt,
  });

  // 2. A post reported as a spoiler: dismissed by a seeded moderator.
  const rosa = input.people.find((p) => p.content.role === 'moderator') ?? moderator;
  const marked = pick(memberPosts, 'post');
  const dismissedAt = ago(3 * DAY);
  const markedReporters = reportersFor(marked.userId, 1);
  report(postTarget(marked), markedReporters, ['spoiler'], ago(3.5 * DAY));
  close('post', marked.id!, rosa, 'dismiss', DISMISS_REASON, dismissedAt);
  auditRows.push({
    actorId: rosa.id,
    action: 'report.dismiss',
    targetType: 'post',
    targetId: marked.id!,
    subjectId: marked.userId,
    reason: DISMISS_REASON,
    label: excerptOf(postText(marked)),
    details: { reportCount: 1 },
    createdAt: dismissedAt,
  });
  for (const r of markedReporters)
    notice({
      userId: r.id,
      type: 'moderation',
      subtype: 'report_dismissed',
      targetType: 'post',
      targetId: marked.id!,
      link: `/post/${marked.id}`,
      excerpt: excerptOf(postText(marked)),
      reason: DISMISS_REASON,
      at: dismissedAt,
      read: true,
    });

  // 3. A member reported for spam by two people: warned by the admin.
  const spammer = pick(members, 'member');
  const warnedAt = ago(5 * DAY);
  report(
    { type: 'user', id: spammer.id, authorId: spammer.id, snapshot: userText(spammer.content) },
    reportersFor(spammer.id, 2),
    ['spam'],
    ago(5.6 * DAY),
  );
  close('user', spammer.id, admin, 'warn', WARN_REASON, warnedAt);
  const spammerLabel = excerptOf(userText(spammer.content));
  auditRows.push({
    actorId: admin.id,
    action: 'user.warn',
    targetType: 'user',
    targetId: spammer.id,
    subjectId: spammer.id,
    reason: WARN_REASON,
    label: spammerLabel,
    details: { caseTargetType: 'user', caseTargetId: spammer.id, reportCount: 2 },
    createdAt: warnedAt,
  });
  for (const r of reportRows.filter((x) => x.targetId === spammer.id && x.status === 'resolved'))
    notice({
      userId: r.reporterId,
      type: 'moderation',
      subtype: 'report_actioned',
      targetType: 'user',
      targetId: spammer.id,
      link: `/user/${spammer.id}`,
      excerpt: spammerLabel,
      reason: WARN_REASON,
      at: warnedAt,
      read: true,
    });
  notice({
    userId: spammer.id,
    type: 'moderation',
    subtype: 'warned',
    link: '/terms-and-conditions',
    excerpt: spammerLabel,
    reason: WARN_REASON,
    at: warnedAt,
    read: true,
  });
  for (const r of reportRows) r.status ??= 'open';

  // The staff's roles: the admin from the command line, the moderator by the admin.
  auditRows.push(
    {
      actorId: null,
      action: 'role.grant',
      targetType: 'user',
      targetId: admin.id,
      subjectId: admin.id,
      reason: 'First admin of this instance.',
      label: `${admin.content.name} (@${admin.content.username})`,
      details: { role: 'admin' },
      createdAt: ago(120 * DAY),
    },
    {
      actorId: admin.id,
      action: 'role.grant',
      targetType: 'user',
      targetId: moderator.id,
      subjectId: moderator.id,
      reason: 'Helps with the queue on weekday evenings.',
      label: `${moderator.content.name} (@${moderator.content.username})`,
      details: { role: 'moderator' },
      createdAt: ago(100 * DAY),
    },
  );

  // ---- the demo account's notifications
  const demoPosts = input.posts
    .filter((p) => p.userId === demo.id)
    .sort((a, b) => b.createdAt!.getTime() - a.createdAt!.getTime());
  const likersOf = (postId: string) =>
    input.postLikes
      .filter((l) => l.postId === postId && l.userId !== demo.id)
      .sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
  const liked = demoPosts.filter((p) => likersOf(p.id!).length >= 3);
  if (liked.length < 2) throw new Error('demo moderation: the demo account needs liked posts');
  liked.slice(0, 2).forEach((p, i) => {
    const likes = likersOf(p.id!);
    notice({
      userId: demo.id,
      type: 'like',
      subtype: 'post',
      groupKey: `like:post:${p.id}`,
      targetType: 'post',
      targetId: p.id!,
      link: `/post/${p.id}`,
      excerpt: excerptOf(p.title, 140),
      at: likes[0]!.createdAt!,
      updatedAt: likes.at(-1)!.createdAt!,
      // The newest group unread, the older one read.
      read: i === 1,
      actors: likes.map((l) => ({ id: l.userId, at: l.createdAt! })),
    });
  });

  const followers = input.follows
    .filter((f) => f.followeeId === demo.id)
    .sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime())
    .slice(-4);
  if (!followers.length) throw new Error('demo moderation: the demo account needs followers');
  const newestFollower = followers.at(-1)!;
  notice({
    userId: demo.id,
    type: 'follow',
    groupKey: 'follow',
    targetType: 'user',
    targetId: newestFollower.followerId,
    link: `/user/${newestFollower.followerId}`,
    at: followers[0]!.createdAt!,
    updatedAt: newestFollower.createdAt!,
    actors: followers.map((f) => ({ id: f.followerId, at: f.createdAt! })),
  });

  const demoPostIds = new Set(demoPosts.map((p) => p.id!));
  const newest = <T extends { createdAt?: Date }>(list: T[]) =>
    list.sort((a, b) => b.createdAt!.getTime() - a.createdAt!.getTime())[0];
  const commentOnDemo = newest(
    input.comments.filter(
      (c) =>
        c.postId &&
        demoPostIds.has(c.postId) &&
        !c.replyToId &&
        !c.deletedAt &&
        !used.has(c.id!) &&
        c.userId !== demo.id &&
        byId.has(c.userId),
    ),
  );
  const replyToDemo = newest(
    input.comments.filter(
      (c) =>
        c.replyingUserId === demo.id &&
        !c.deletedAt &&
        !used.has(c.id!) &&
        c.userId !== demo.id &&
        byId.has(c.userId),
    ),
  );
  if (!commentOnDemo || !replyToDemo)
    throw new Error('demo moderation: the demo account needs a comment and a reply');
  for (const [c, type] of [
    [commentOnDemo, 'comment'],
    [replyToDemo, 'reply'],
  ] as const) {
    notice({
      userId: demo.id,
      type,
      groupKey: `${type}:${c.id}`,
      targetType: 'comment',
      targetId: c.id!,
      link: c.postId ? `/post/${c.postId}` : `/media/${c.mediaId}`,
      excerpt: excerptOf(c.body, 140),
      at: c.createdAt!,
      actors: [{ id: c.userId, at: c.createdAt! }],
    });
  }

  // An order of the demo account, paid two days ago.
  const bought = rng.pick(input.shopItems.filter((s) => s.sellerId !== demo.id));
  const orderId = newId();
  const paidAt = ago(2 * DAY + rng.range(1, 6) * HOUR);
  const subtotal = bought.priceCents;
  const shipping = bought.shippingCents ?? 0;
  const tax = Math.round((subtotal * input.taxRateBps) / 10_000);
  const orderRows: Row<typeof orders>[] = [
    {
      id: orderId,
      userId: demo.id,
      status: 'paid',
      subtotalCents: subtotal,
      shippingCents: shipping,
      taxCents: tax,
      totalCents: subtotal + shipping + tax,
      provider: 'test',
      createdAt: new Date(paidAt.getTime() - 3 * 60_000),
      updatedAt: paidAt,
      paidAt,
    },
  ];
  const orderItemRows: Row<typeof orderItems>[] = [
    {
      orderId,
      itemId: bought.id!,
      name: bought.name,
      unitPriceCents: bought.priceCents,
      shippingCents: shipping,
      quantity: 1,
    },
  ];
  notice({
    userId: demo.id,
    type: 'order',
    subtype: 'paid',
    targetType: 'order',
    targetId: orderId,
    link: '/purchases',
    excerpt: bought.name,
    at: paidAt,
    read: true,
  });

  return {
    reports: reportRows,
    auditLog: auditRows,
    notifications: noticeRows,
    notificationActors: actorRows,
    orders: orderRows,
    orderItems: orderItemRows,
    openCases,
  };
}
