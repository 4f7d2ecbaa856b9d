/**
 * The moderation queue's SQL. A case is the reports of one target that were closed together:
 * the open case of a target is its open reports; each action closed its open reports at one
 * `resolved_at` (the transaction's `now()`), so a closed case is (target, resolved_at). The
 * pages group the reports; the loaders read the cases of a page in a few batched queries.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { queryParsed, type Db } from '../../db/client';
import type { ReportTargetType } from '@otakura/shared';

/** A timestamp column as microsecond UTC text (the cursor's and the case key's form). */
const micro = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Identifies a case: an open case, or the reports an action closed at `resolvedAt`. */
export interface CaseKey {
  targetType: ReportTargetType;
  targetId: string;
  /** Microsecond UTC text of the closing action; null for the open case. */
  resolvedAt: string | null;
}

const TargetTypeSchema = z.enum(['comment', 'post', 'user', 'shop_item']);

const CaseKeyRowSchema = z.object({
  targetType: TargetTypeSchema,
  targetId: z.string(),
  /** First report (open) or closing time (closed), microsecond UTC text: the sort key. */
  sortAt: z.string(),
});
export type CaseKeyRow = z.infer<typeof CaseKeyRowSchema>;

export interface QueuePageOptions {
  type?: ReportTargetType;
  after?: { at: string; id: string };
  limit: number;
}

/** One keyset page of open cases, oldest first report first; up to `limit` rows. */
export function listOpenCases(db: Db, opts: QueuePageOptions): Promise<CaseKeyRow[]> {
  return queryParsed(
    db,
    CaseKeyRowSchema,
    sql`select r.target_type as "targetType", r.target_id as "targetId",
        ${micro(sql`min(r.created_at)`)} as "sortAt"
      from reports r
      where r.status = 'open'${opts.type ? sql` and r.target_type = ${opts.type}` : sql``}
      group by r.target_type, r.target_id
      ${
        opts.after
          ? sql`having (min(r.created_at), r.target_id) > (${opts.after.at}::timestamptz, ${opts.after.id}::uuid)`
          : sql``
      }
      order by min(r.created_at), r.target_id
      limit ${opts.limit}`,
  );
}

/** One keyset page of closed cases, most recently closed first; up to `limit` rows. */
export function listClosedCases(db: Db, opts: QueuePageOptions): Promise<CaseKeyRow[]> {
  return queryParsed(
    db,
    CaseKeyRowSchema,
    sql`select r.target_type as "targetType", r.target_id as "targetId",
        ${micro(sql`r.resolved_at`)} as "sortAt"
      from reports r
      where r.status <> 'open' and r.resolved_at is not null
        ${opts.type ? sql`and r.target_type = ${opts.type}` : sql``}
        ${
          opts.after
            ? sql`and (r.resolved_at, r.target_id) < (${opts.after.at}::timestamptz, ${opts.after.id}::uuid)`
            : sql``
        }
      group by r.target_type, r.target_id, r.resolved_at
      order by r.resolved_at desc, r.target_id desc
      limit ${opts.limit}`,
  );
}

/** Open cases, and those of them past their `hours` (the review promise). */
export async function countOpenCases(
  db: Db,
  hours: number,
): Promise<{ open: number; overdue: number }> {
  const [row] = await queryParsed(
    db,
    z.object({ open: z.coerce.number(), overdue: z.coerce.number() }),
    sql`select count(*)::int as open,
        count(*) filter (where first_at < now() - make_interval(hours => ${hours}))::int as overdue
      from (select min(created_at) as first_at from reports where status = 'open'
        group by target_type, target_id) c`,
  );
  return row ?? { open: 0, overdue: 0 };
}

/** The key of the latest closed case of a target, or undefined. */
export async function latestClosedAt(
  db: Db,
  targetType: ReportTargetType,
  targetId: string,
): Promise<string | undefined> {
  const [row] = await queryParsed(
    db,
    z.object({ at: z.string() }),
    sql`select ${micro(sql`max(resolved_at)`)} as at from reports
      where target_type = ${targetType} and target_id = ${targetId}::uuid
        and status <> 'open' and resolved_at is not null
      having max(resolved_at) is not null`,
  );
  return row?.at;
}

/** True when the target has open reports. */
export async function hasOpenReports(
  db: Db,
  targetType: ReportTargetType,
  targetId: string,
): Promise<boolean> {
  const rows = await queryParsed(
    db,
    z.object({ one: z.number() }),
    sql`select 1 as one from reports where target_type = ${targetType}
      and target_id = ${targetId}::uuid and status = 'open' limit 1`,
  );
  return rows.length > 0;
}

/** `r`'s case key as text: `{target_id}|open` or `{target_id}|{resolved_at µs}`. */
const keyExpr = sql`(r.target_id::text || '|' || coalesce(${micro(sql`r.resolved_at`)}, 'open'))`;

/** The text form of `CaseKey` that `keyExpr` computes. */
export function keyText(key: Pick<CaseKey, 'targetId' | 'resolvedAt'>): string {
  return `${key.targetId}|${key.resolvedAt ?? 'open'}`;
}

/** WHERE over `reports r`: the reports of any of the cases. */
function inCases(keys: CaseKey[]): SQL {
  return sql.join(
    keys.map(
      (k) =>
        sql`(r.target_type = ${k.targetType} and r.target_id = ${k.targetId}::uuid and ${
          k.resolvedAt === null
            ? sql`r.status = 'open'`
            : sql`r.status <> 'open' and r.resolved_at = ${k.resolvedAt}::timestamptz`
        })`,
    ),
    sql` or `,
  );
}

const CaseSummaryRowSchema = z.object({
  key: z.string(),
  reportCount: z.coerce.number(),
  firstAt: z.coerce.date(),
  snapshot: z.string(),
  authorId: z.string().nullable(),
  communityId: z.string().nullable(),
  postId: z.string().nullable(),
  mediaId: z.string().nullable(),
  status: z.enum(['open', 'resolved', 'dismissed']),
  resolvedAt: z.coerce.date().nullable(),
  resolvedById: z.string().nullable(),
  resolutionAction: z.string().nullable(),
  resolutionReason: z.string().nullable(),
});
export type CaseSummaryRow = z.infer<typeof CaseSummaryRowSchema>;

/**
 * Per case: report count, first report time, the first report's snapshot, author and place,
 * and how it was closed. The snapshot is the text when the target was first reported in it.
 */
export function caseSummaries(db: Db, keys: CaseKey[]): Promise<CaseSummaryRow[]> {
  if (!keys.length) return Promise.resolve([]);
  const first = (column: SQL) => sql`(array_agg(${column} order by r.created_at, r.id))[1]`;
  return queryParsed(
    db,
    CaseSummaryRowSchema,
    sql`select ${keyExpr} as key, count(*)::int as "reportCount", min(r.created_at) as "firstAt",
        ${first(sql`r.snapshot`)} as snapshot, ${first(sql`r.author_id`)} as "authorId",
        ${first(sql`r.community_id`)} as "communityId", ${first(sql`r.post_id`)} as "postId",
        ${first(sql`r.media_id`)} as "mediaId", ${first(sql`r.status`)} as status,
        max(r.resolved_at) as "resolvedAt", ${first(sql`r.resolved_by_id`)} as "resolvedById",
        ${first(sql`r.resolution_action`)} as "resolutionAction",
        ${first(sql`r.resolution_reason`)} as "resolutionReason"
      from reports r
      where ${inCases(keys)}
      group by ${keyExpr}`,
  );
}

const ReasonCountRowSchema = z.object({
  key: z.string(),
  reason: z.enum(['spam', 'harassment', 'spoiler', 'minor_sexual_content', 'other']),
  count: z.coerce.number(),
});
export type ReasonCountRow = z.infer<typeof ReasonCountRowSchema>;

/** How many reports per reason in each case, most first (ties by reason). */
export function reasonCounts(db: Db, keys: CaseKey[]): Promise<ReasonCountRow[]> {
  if (!keys.length) return Promise.resolve([]);
  return queryParsed(
    db,
    ReasonCountRowSchema,
    sql`select ${keyExpr} as key, r.reason, count(*)::int as count
      from reports r where ${inCases(keys)}
      group by ${keyExpr}, r.reason
      order by count(*) desc, r.reason`,
  );
}

const CaseReportRowSchema = z.object({
  key: z.string(),
  id: z.string(),
  reason: ReasonCountRowSchema.shape.reason,
  details: z.string().nullable(),
  createdAt: z.coerce.date(),
  reporterId: z.string(),
  reporterName: z.string(),
  reporterUsername: z.string().nullable(),
  reporterDisplayUsername: z.string().nullable(),
  reporterImageKey: z.string().nullable(),
});
export type CaseReportRow = z.infer<typeof CaseReportRowSchema>;

/** The newest `perCase` reports of each case with their reporters, newest first. */
export function recentReports(db: Db, keys: CaseKey[], perCase: number): Promise<CaseReportRow[]> {
  if (!keys.length) return Promise.resolve([]);
  return queryParsed(
    db,
    CaseReportRowSchema,
    sql`select x.key, x.id, x.reason, x.details, x.created_at as "createdAt",
        u.id as "reporterId", u.name as "reporterName", u.username as "reporterUsername",
        u.display_username as "reporterDisplayUsername", u.profile_image_key as "reporterImageKey"
      from (
        select ${keyExpr} as key, r.id, r.reason, r.details, r.created_at, r.reporter_id,
          row_number() over (partition by ${keyExpr} order by r.created_at desc, r.id desc) as n
        from reports r where ${inCases(keys)}
      ) x
      join users u on u.id = x.reporter_id
      where x.n <= ${perCase}
      order by x.key, x.created_at desc, x.id desc`,
  );
}

/** The reporters of a case's open reports (to tell them how it ended). */
export async function openReporters(
  db: Db,
  targetType: ReportTargetType,
  targetId: string,
): Promise<string[]> {
  const rows = await queryParsed(
    db,
    z.object({ id: z.string() }),
    sql`select reporter_id as id from reports
      where target_type = ${targetType} and target_id = ${targetId}::uuid and status = 'open'`,
  );
  return rows.map((r) => r.id);
}

// ---- The content of the cases --------------------------------------------------------------

const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

const CommentContentSchema = z.object({
  id: z.string(),
  body: z.string(),
  deletedAt: z.coerce.date().nullable(),
  postId: z.string().nullable(),
  mediaId: z.string().nullable(),
});
export type CommentContent = z.infer<typeof CommentContentSchema>;

export function commentsByIds(db: Db, ids: string[]): Promise<CommentContent[]> {
  if (!ids.length) return Promise.resolve([]);
  return queryParsed(
    db,
    CommentContentSchema,
    sql`select id, body, deleted_at as "deletedAt", post_id as "postId", media_id as "mediaId"
      from comments where id in (${idList(ids)})`,
  );
}

const PostContentSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  deletedAt: z.coerce.date().nullable(),
  communityId: z.string(),
  imageKey: z.string().nullable(),
});
export type PostContent = z.infer<typeof PostContentSchema>;

/** Posts with their picture: the first image, else the video's thumbnail, else the link's image. */
export function postsByIds(db: Db, ids: string[]): Promise<PostContent[]> {
  if (!ids.length) return Promise.resolve([]);
  return queryParsed(
    db,
    PostContentSchema,
    sql`select p.id, p.title, p.body, p.deleted_at as "deletedAt", p.community_id as "communityId",
        coalesce((select i.key from post_images i where i.post_id = p.id order by i.position limit 1),
          p.thumbnail_key, p.url_image_key) as "imageKey"
      from posts p where p.id in (${idList(ids)})`,
  );
}

const UserContentSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  displayUsername: z.string().nullable(),
  bio: z.string().nullable(),
  imageKey: z.string().nullable(),
});
export type UserContent = z.infer<typeof UserContentSchema>;

export function usersByIds(db: Db, ids: string[]): Promise<UserContent[]> {
  if (!ids.length) return Promise.resolve([]);
  return queryParsed(
    db,
    UserContentSchema,
    sql`select id, name, username, display_username as "displayUsername", bio,
        profile_image_key as "imageKey"
      from users where id in (${idList(ids)})`,
  );
}

const ShopItemContentSchema = z.object({
  id: z.string(),
  name: z.string(),
  about: z.string(),
  imageKey: z.string().nullable(),
  hiddenAt: z.coerce.date().nullable(),
});
export type ShopItemContent = z.infer<typeof ShopItemContentSchema>;

export function shopItemsByIds(db: Db, ids: string[]): Promise<ShopItemContent[]> {
  if (!ids.length) return Promise.resolve([]);
  return queryParsed(
    db,
    ShopItemContentSchema,
    sql`select id, name, about, image_key as "imageKey", hidden_at as "hiddenAt"
      from shop_items where id in (${idList(ids)})`,
  );
}

const NamedSchema = z.object({ id: z.string(), name: z.string() });

export function communityNames(db: Db, ids: string[]): Promise<z.infer<typeof NamedSchema>[]> {
  if (!ids.length) return Promise.resolve([]);
  return queryParsed(
    db,
    NamedSchema,
    sql`select id, name from communities where id in (${idList(ids)})`,
  );
}

export function mediaTitles(db: Db, ids: string[]): Promise<z.infer<typeof NamedSchema>[]> {
  if (!ids.length) return Promise.resolve([]);
  return queryParsed(
    db,
    NamedSchema,
    sql`select id, title as name from media where id in (${idList(ids)})`,
  );
}

const ModeratorSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  displayUsername: z.string().nullable(),
  profileImageKey: z.string().nullable(),
});

/** Bylines of users by id (the moderators who closed cases). */
export function userSummaries(db: Db, ids: string[]): Promise<z.infer<typeof ModeratorSchema>[]> {
  if (!ids.length) return Promise.resolve([]);
  return queryParsed(
    db,
    ModeratorSchema,
    sql`select id, name, username, display_username as "displayUsername",
        profile_image_key as "profileImageKey"
      from users where id in (${idList(ids)})`,
  );
}
