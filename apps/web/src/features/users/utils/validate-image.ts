import { LIMITS } from '@otakura/shared';

export type ImageProblem = 'not_image' | 'too_large' | 'empty';

/**
 * Fast feedback before anything is sent: spec §5 says the file's type must start with
 * `image`; the server's cap is 15 MB. The server still checks the bytes themselves.
 */
export function checkImageFile(file: Pick<File, 'type' | 'size'>): ImageProblem | null {
  if (!file.type.startsWith('image')) return 'not_image';
  if (file.size === 0) return 'empty';
  if (file.size > LIMITS.imageUploadMaxBytes) return 'too_large';
  return null;
}
