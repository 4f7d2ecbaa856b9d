import { z } from 'zod';

const PartStatusSchema = z.object({
  status: z.enum(['ok', 'down']),
  kind: z.string(),
  latencyMs: z.number(),
  error: z.string().optional(),
});

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  product: z.string(),
  database: PartStatusSchema,
  storage: PartStatusSchema,
  /** Null when the database is down. */
  counts: z
    .object({
      users: z.number().int(),
      communities: z.number().int(),
      posts: z.number().int(),
      comments: z.number().int(),
      media: z.number().int(),
      shopItems: z.number().int(),
    })
    .nullable(),
});
export type Health = z.infer<typeof HealthSchema>;
