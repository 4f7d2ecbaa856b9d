import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { ApiErrorBody } from '@otakura/shared';
import type { Auth } from './auth';
import { translateAuthError } from './auth.errors';

/** Better Auth's answer to one request, read in full. */
export interface AuthAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** Better Auth's error code (e.g. `INVALID_EMAIL_OR_PASSWORD`) when status >= 400. */
  errorCode?: string;
  errorMessage?: string;
}

/** Hands the request (with its possibly rewritten JSON body) to Better Auth through the Fetch Request bridge. */
export async function askBetterAuth(
  auth: Auth,
  publicUrl: string,
  req: FastifyRequest,
): Promise<AuthAnswer> {
  const url = new URL(req.url, publicUrl);
  const headers = fromNodeHeaders(req.headers);
  // The body is serialised again below (and may have been normalised), so its old length is wrong.
  headers.delete('content-length');
  headers.delete('transfer-encoding');
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && req.body !== undefined;
  const response = await auth.handler(
    new Request(url, {
      method: req.method,
      headers,
      body: hasBody ? JSON.stringify(req.body) : undefined,
    }),
  );
  const text = await response.text();
  const answer: AuthAnswer = { status: response.status, headers: response.headers, text };
  if (response.status >= 400) {
    try {
      const parsed = (text ? JSON.parse(text) : {}) as { code?: unknown; message?: unknown };
      if (typeof parsed.code === 'string') answer.errorCode = parsed.code;
      if (typeof parsed.message === 'string') answer.errorMessage = parsed.message;
    } catch {
      /* not JSON */
    }
  }
  return answer;
}

/** Sends Better Auth's answer, its errors rewritten into the API's one error shape. */
export function sendAnswer(reply: FastifyReply, answer: AuthAnswer): FastifyReply {
  answer.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') void reply.header(key, value);
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length) void reply.header('set-cookie', cookies);
  if (answer.status >= 400) {
    const { status, error } = translateAuthError(
      answer.status,
      answer.errorCode,
      answer.errorMessage,
    );
    const body: ApiErrorBody = { error };
    return reply
      .status(status)
      .header('content-type', 'application/json; charset=utf-8')
      .send(body);
  }
  return reply.status(answer.status).send(answer.text === '' ? null : answer.text);
}
