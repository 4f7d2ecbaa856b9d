import { describe, expect, it } from 'vitest';
import { AUTH_ERROR_MESSAGES } from '../auth/auth.schemas';
import { ERROR_CODES, errorMessage, errorStatus, isErrorCode } from './error-codes';

describe('the error-code registry', () => {
  const entries = Object.entries(ERROR_CODES);

  it('gives every code one non-empty message and an HTTP error status', () => {
    expect(entries.length).toBeGreaterThan(10);
    for (const [code, entry] of entries) {
      expect(code, code).toMatch(/^[a-z]+(_[a-z0-9]+)*$/);
      expect(Object.keys(entry).sort(), code).toEqual(['message', 'status']);
      expect(typeof entry.message, code).toBe('string');
      expect(entry.message.trim().length, code).toBeGreaterThan(0);
      expect(Number.isInteger(entry.status), code).toBe(true);
      expect(entry.status >= 400 && entry.status < 600, code).toBe(true);
    }
  });

  it('keeps the spec catalogue strings exact', () => {
    for (const code of ['invalid_email', 'unverified_email', 'user_disabled'] as const) {
      expect(errorMessage(code)).toBe(AUTH_ERROR_MESSAGES[code]);
    }
    expect(errorMessage('invalid_credential')).toBe(AUTH_ERROR_MESSAGES.invalid_credential);
    expect(errorMessage('user_not_found')).toBe('This account cannot be found.');
    expect(errorMessage('media_not_found')).toBe('Media not found');
  });

  it('answers status and registration for codes', () => {
    expect(errorStatus('post_not_found')).toBe(404);
    expect(errorStatus('validation_error')).toBe(400);
    expect(isErrorCode('post_not_found')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('no_such_code')).toBe(false);
  });
});
