/**
 * A JSON body that is already text (a page cache's stored answer, lib/page-cache.ts): Fastify
 * serializes no string whose type is JSON, so it is sent as it is. A route's typed reply takes
 * only its response schema's shape, hence the plain `FastifyReply`.
 */
import type { FastifyReply } from 'fastify';

export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
