/** Where stored files are served (modules/files). */
export const FILES_PREFIX = '/files/';

/**
 * The URL of a stored file, or null without a key. Image columns hold the key of the
 * web-sized variant (640 px, or 1280 px for banners and large images), so a key maps to
 * its URL as it is. Every module presents file URLs through this one function.
 */
export function fileUrl(key: string): string;
export function fileUrl(key: string | null | undefined): string | null;
export function fileUrl(key: string | null | undefined): string | null {
  return key ? `${FILES_PREFIX}${key}` : null;
}
