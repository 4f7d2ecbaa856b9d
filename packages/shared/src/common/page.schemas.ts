import { z } from 'zod';
import { safeText } from './text';
import { LIMITS } from './limits';

/** Query of any keyset-paginated list: an opaque cursor from the previous page, and a size. */
export const PageQuerySchema = z.object({
  cursor: safeText().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** A page of items; `nextCursor` is null on the last page. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

export const LikeStateSchema = z.object({
  liked: z.boolean(),
  likeCount: z.number().int(),
});
export type LikeState = z.infer<typeof LikeStateSchema>;

/** Path parameter that must be an id (UUID); anything else answers 404 before touching the database. */
export const IdSchema = z.string().uuid({ message: 'must be an id' });
