import { z } from 'zod';

/**
 * The spoiler shield (issue 12, docs/spoiler-shield.md): a post or comment may be tagged with a
 * series and a point in it. Viewers whose progress in that series (episodes watched, chapters or
 * volumes read) has not reached the point get the item covered by the server.
 */
export const SPOILER_UNITS = ['episode', 'volume', 'chapter'] as const;
export const SpoilerUnitSchema = z.enum(SPOILER_UNITS);
export type SpoilerUnit = z.infer<typeof SpoilerUnitSchema>;

/** The units a series of each media kind can be tagged with (video: episodes; manga: volumes or chapters; sequence: chapters). */
export const SPOILER_UNITS_BY_KIND = {
  video: ['episode'],
  manga: ['volume', 'chapter'],
  sequence: ['chapter'],
} as const satisfies Record<'video' | 'manga' | 'sequence', readonly SpoilerUnit[]>;

/** Largest episode / volume / chapter number a tag may name (the series must have it too). */
export const SPOILER_NUMBER_MAX = 100_000;

/** `spoilerTag` of POST /api/posts and POST …/comments: the series and the point the item spoils. */
export const SpoilerTagInputSchema = z.object({
  mediaId: z
    .string({ message: 'Please choose a series.' })
    .uuid({ message: 'Please choose a series.' }),
  unit: SpoilerUnitSchema,
  number: z
    .number()
    .int('Please enter a whole number.')
    .min(1, 'Please enter a number from 1.')
    .max(SPOILER_NUMBER_MAX, `Please enter a number up to ${SPOILER_NUMBER_MAX}.`),
});
export type SpoilerTagInput = z.infer<typeof SpoilerTagInputSchema>;

/**
 * A tagged item as the viewer sees it. `covered`: the viewer's progress has not reached the point
 * (never for the author, nor after POST …/reveal), and then the server sent no body, images, video
 * or link preview. `viewerAt`: the viewer's mark on that unit in the series (0 = none yet).
 */
export const SpoilerTagSchema = z.object({
  mediaId: z.string(),
  mediaTitle: z.string(),
  unit: SpoilerUnitSchema,
  number: z.number().int(),
  covered: z.boolean(),
  viewerAt: z.number().int(),
});
export type SpoilerTag = z.infer<typeof SpoilerTagSchema>;
