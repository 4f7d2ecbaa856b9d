/**
 * The first build's stored files: a row holds a download URL of the hosted storage
 * (`…/o/post-images%2F{uid}%2Fname.jpg?alt=media&token=…`), a `gs://bucket/path`, or the
 * path itself; the files folder given to the import holds them by that path
 * (`user-profile-images/`, `post-images/`, `post-videos/`, spec §7).
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_MAX_BYTES } from '../../modules/uploads/multipart';

/** The storage path a URL of the first build names, or null when it names none. */
export function storagePathOf(ref: string): string | null {
  const value = ref.trim();
  if (!value) return null;
  let p: string;
  if (/^gs:\/\//i.test(value)) {
    p = value.replace(/^gs:\/\/[^/]+\/?/i, '');
  } else if (/^https?:\/\//i.test(value)) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return null;
    }
    // Download URLs: /v0/b/{bucket}/o/{path, percent-encoded}; public URLs: /{bucket}/{path}.
    const m = /\/o\/([^/?#]+)$/.exec(url.pathname);
    if (m) p = m[1]!;
    else if (url.hostname === 'storage.googleapis.com')
      p = url.pathname.split('/').slice(2).join('/');
    else return null;
  } else {
    p = value;
  }
  try {
    p = decodeURIComponent(p);
  } catch {
    return null;
  }
  p = p.replace(/^\/+/, '');
  const parts = p.split('/');
  if (!p || parts.some((s) => s === '' || s === '.' || s === '..') || p.includes('\\')) return null;
  return p;
}

export type FileRead =
  | { ok: true; path: string; bytes: Buffer }
  | { ok: false; reason: 'missing_file' | 'bad_file'; detail: string };

/** Reads the file a row refers to from the files folder, under the upload cap of its kind. */
export async function readReferencedFile(
  filesDir: string,
  ref: string,
  kind: 'image' | 'video',
): Promise<FileRead> {
  const rel = storagePathOf(ref);
  if (!rel)
    return {
      ok: false,
      reason: 'missing_file',
      detail: `not a stored file of the first build: ${ref.slice(0, 200)}`,
    };
  const full = path.join(filesDir, rel);
  try {
    // A link inside the folder may not lead out of it.
    const [root, real] = await Promise.all([realpath(filesDir), realpath(full)]);
    if (!real.startsWith(root + path.sep))
      return { ok: false, reason: 'missing_file', detail: `${rel} is outside the files folder` };
    const info = await stat(real);
    if (!info.isFile())
      return { ok: false, reason: 'missing_file', detail: `${rel} is not a file` };
    const cap = UPLOAD_MAX_BYTES[kind];
    if (info.size > cap)
      return {
        ok: false,
        reason: 'bad_file',
        detail: `${rel} is ${info.size} bytes, over the ${kind} cap of ${cap}`,
      };
    return { ok: true, path: rel, bytes: await readFile(real) };
  } catch {
    return { ok: false, reason: 'missing_file', detail: `${rel} is not in the files folder` };
  }
}
