import { z } from 'zod';

/** What the server found a file to be, from its bytes. */
export const UploadKindSchema = z.enum(['image', 'gif', 'video']);
export type UploadKind = z.infer<typeof UploadKindSchema>;

/** Answer of POST /api/uploads (multipart, one file): a stored file that a post may reference once. */
export const UploadSchema = z.object({
  id: z.string(),
  kind: UploadKindSchema,
  /** `/files/...` URL of the web-sized variant (image/gif) or the video. */
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** `#rrggbb` shown while the image loads. */
  placeholder: z.string().nullable(),
  size: z.number().int(),
});
export type Upload = z.infer<typeof UploadSchema>;
