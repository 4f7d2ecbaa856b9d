import { AUTH_ERROR_MESSAGES, ERROR_CODES } from '@otakura/shared';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { authErrorMessage, fieldErrorsOf } from './auth-error';

const t = i18next.getFixedT('en', 'auth');

describe('authErrorMessage (spec §8 with DESIGN.md’s one invalid_credential)', () => {
  it.each([
    ['invalid_credential', 401],
    ['invalid_email', 400],
    ['unverified_email', 403],
    ['user_disabled', 403],
    ['challenge_failed', 400],
  ] as const)('%s says the catalogue’s words', (code, status) => {
    expect(authErrorMessage(new ApiError(status, code, 'server words'), t)).toBe(
      AUTH_ERROR_MESSAGES[code],
    );
  });

  it('tells an account imported from the first build to use Forgot password, in its language', () => {
    const error = new ApiError(401, 'password_reset_required', 'server words');
    expect(authErrorMessage(error, t)).toBe(ERROR_CODES.password_reset_required.message);
    expect(authErrorMessage(error, i18next.getFixedT('ja', 'auth'))).toMatch(
      /パスワードをお忘れですか？/,
    );
  });

  it('says network-request-failed when the server cannot be reached', () => {
    const error = new ApiError(0, 'network-request-failed', NETWORK_ERROR_MESSAGE);
    expect(authErrorMessage(error, t)).toBe(AUTH_ERROR_MESSAGES.network_request_failed);
    expect(NETWORK_ERROR_MESSAGE).toBe(AUTH_ERROR_MESSAGES.network_request_failed);
  });

  it('says internal-error for any 5xx, whatever its body', () => {
    expect(authErrorMessage(new ApiError(503, 'http_error', 'Service Unavailable'), t)).toBe(
      AUTH_ERROR_MESSAGES.internal_error,
    );
    expect(authErrorMessage(new Error('boom'), t)).toBe(AUTH_ERROR_MESSAGES.internal_error);
  });

  it('says how long to wait when rate limited', () => {
    const limited = (retryAfter?: number) =>
      new ApiError(429, 'rate_limited', 'x', undefined, retryAfter);
    expect(authErrorMessage(limited(405), t)).toBe(
      'Too many attempts. Try again in 6 minutes 45 seconds.',
    );
    expect(authErrorMessage(limited(61), t)).toBe(
      'Too many attempts. Try again in 1 minute 1 second.',
    );
    expect(authErrorMessage(limited(120), t)).toBe('Too many attempts. Try again in 2 minutes.');
    expect(authErrorMessage(limited(37), t)).toBe('Too many attempts. Try again in 37 seconds.');
    expect(authErrorMessage(limited(1), t)).toBe('Too many attempts. Try again in 1 second.');
    expect(authErrorMessage(limited(), t)).toBe('Too many attempts. Please try again later.');
    expect(authErrorMessage(limited(405), i18next.getFixedT('ja', 'auth'))).toBe(
      '試行回数が多すぎます。6 分 45 秒後にもう一度お試しください。',
    );
  });

  it('tells a wrong backup code from a wrong app code', () => {
    const error = new ApiError(401, 'invalid_code', 'x');
    expect(authErrorMessage(error, t)).toMatch(/^That code is not correct/);
    expect(authErrorMessage(error, t, { backupCode: true })).toBe(
      'That backup code is not correct or has been used.',
    );
  });

  it('keeps the server’s words for codes the web does not know', () => {
    expect(authErrorMessage(new ApiError(400, 'something_new', 'Something new.'), t)).toBe(
      'Something new.',
    );
  });

  it('speaks Japanese when the page does', () => {
    const ja = i18next.getFixedT('ja', 'auth');
    expect(authErrorMessage(new ApiError(401, 'invalid_credential', 'x'), ja)).toBe(
      'メールアドレスまたはパスワードが正しくありません。',
    );
  });
});

describe('fieldErrorsOf', () => {
  it('maps validation_error details to fields, first message each, with renames', () => {
    const error = new ApiError(400, 'validation_error', 'Bad', [
      { path: 'name', message: 'Please enter your full name.' },
      { path: 'username', message: 'Too short.' },
      { path: 'username', message: 'Second message.' },
    ]);
    expect(fieldErrorsOf(error, { name: 'fullName' })).toEqual({
      fullName: 'Please enter your full name.',
      username: 'Too short.',
    });
    expect(fieldErrorsOf(new Error('x'))).toEqual({});
  });
});
