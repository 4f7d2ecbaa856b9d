/** Test helpers of the posts module: uploads through the real endpoint, and post creation over HTTP. */
import { expect } from 'vitest';
import { PostSchema, UploadSchema, type Post, type Upload } from '@otakura/shared';
import type { TestHttp } from './factories';

/** POST /api/uploads with one file, named and typed as the client claims (the server ignores both). */
export function sendUpload(
  http: TestHttp,
  bytes: Buffer,
  filename = 'photo.png',
  contentType = 'image/png',
): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), filename);
  return http('/api/uploads', { method: 'POST', body: form });
}

/** An upload that must succeed. */
export async function upload(
  http: TestHttp,
  bytes: Buffer,
  filename?: string,
  contentType?: string,
): Promise<Upload> {
  const res = await sendUpload(http, bytes, filename, contentType);
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return UploadSchema.parse(body);
}

/** POST /api/posts with sensible defaults. */
export function sendPost(http: TestHttp, input: Record<string, unknown>): Promise<Response> {
  return http('/api/posts', { method: 'POST', json: { title: 'A post', ...input } });
}

/** A post that must be created. */
export async function writePost(http: TestHttp, input: Record<string, unknown>): Promise<Post> {
  const res = await sendPost(http, input);
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return PostSchema.parse(body);
}

/** Asserts an API error's status and code (and answers the body). */
export async function expectApiError(
  res: Response,
  status: number,
  code: string,
): Promise<{
  error: { code: string; message: string; details?: { path: string; message: string }[] };
}> {
  const body = (await res.json()) as {
    error: { code: string; message: string; details?: { path: string; message: string }[] };
  };
  expect({ status: res.status, code: body.error?.code }, JSON.stringify(body)).toEqual({
    status,
    code,
  });
  return body;
}
