import { describe, expect, it } from 'vitest';
import { loggerOptions } from './log-options';

describe('loggerOptions', () => {
  it('is pretty in a terminal and JSON otherwise with LOG_FORMAT=auto', () => {
    expect(loggerOptions({ logLevel: 'info', logFormat: 'auto' }, true).transport?.target).toBe(
      'pino-pretty',
    );
    expect(loggerOptions({ logLevel: 'info', logFormat: 'auto' }, false)).toEqual({
      level: 'info',
    });
  });

  it('follows a forced LOG_FORMAT whatever stdout is', () => {
    expect(loggerOptions({ logLevel: 'debug', logFormat: 'json' }, true)).toEqual({
      level: 'debug',
    });
    expect(loggerOptions({ logLevel: 'warn', logFormat: 'pretty' }, false)).toMatchObject({
      level: 'warn',
      transport: { target: 'pino-pretty' },
    });
  });
});
