/**
 * The server's logger options (docs/observability.md). JSON lines (pino) for machines;
 * pino-pretty's one coloured line per event for a person at a terminal.
 */
import type { AppConfig } from '../config/env';

export interface ServerLoggerOptions {
  level: string;
  transport?: { target: string; options?: Record<string, unknown> };
}

/**
 * What a pretty line shows: `[12:00:01.234] INFO: request completed: GET /api/posts 200
 * 4.1 ms (reqId)` for a request, `[…] WARN: message (reqId) {fields}` for the rest. pid and hostname are left out.
 */
export const PRETTY_OPTIONS = {
  translateTime: 'SYS:HH:MM:ss.l',
  ignore: 'pid,hostname,reqId,method,url,route,statusCode,ms',
  singleLine: true,
  messageFormat:
    '{msg}{if method}: {method} {url} {statusCode} {ms} ms{end}{if reqId} ({reqId}){end}',
} as const;

/**
 * `LOG_FORMAT=auto` (the default): pretty when stdout is a terminal (`npm start`, `npm run
 * dev` in a shell; scripts/start.mjs hands its terminal to the server with `stdio: 'inherit'`),
 * JSON lines otherwise (a service manager, a container, a pipe). `json` / `pretty` force one.
 */
export function loggerOptions(
  config: Pick<AppConfig, 'logLevel' | 'logFormat'>,
  stdoutIsTTY: boolean = Boolean(process.stdout.isTTY),
): ServerLoggerOptions {
  const pretty = config.logFormat === 'pretty' || (config.logFormat === 'auto' && stdoutIsTTY);
  return pretty
    ? { level: config.logLevel, transport: { target: 'pino-pretty', options: PRETTY_OPTIONS } }
    : { level: config.logLevel };
}
