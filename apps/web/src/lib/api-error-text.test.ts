import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { apiErrorText, fieldErrorText } from './api-error-text';

const users = () => i18n.getFixedT(null, 'users');
const communities = () => i18n.getFixedT(null, 'communities');

afterEach(() => void i18n.changeLanguage('en'));

describe('apiErrorText (one for every feature)', () => {
  it("shows the server's own words in English", () => {
    const error = new ApiError(
      400,
      'validation_error',
      'q: Search text must be at most 200 characters.',
    );
    expect(apiErrorText(communities(), error)).toBe(
      'q: Search text must be at most 200 characters.',
    );
  });

  it("falls back to the registry's message for a known code that came without words", () => {
    expect(apiErrorText(users(), new ApiError(404, 'user_not_found', ''))).toBe(
      'This account cannot be found.',
    );
  });

  it("translates the code elsewhere: the feature's words first, then the common ones", async () => {
    await i18n.changeLanguage('ja');
    const validation = new ApiError(400, 'validation_error', 'q: too long');
    expect(apiErrorText(communities(), validation)).toBe('検索テキストが長すぎます。');
    expect(apiErrorText(users(), validation)).toBe('入力内容を確認してください。');
    // Only common has this one.
    expect(apiErrorText(communities(), new ApiError(409, 'username_taken', 'Taken.'))).toBe(
      'このユーザー名はすでに使われています。別の名前をお試しください。',
    );
    // Unknown everywhere: the server's words.
    expect(apiErrorText(users(), new ApiError(400, 'brand_new_code', 'Server words.'))).toBe(
      'Server words.',
    );
  });

  it('says something generic for what is not an API error', () => {
    expect(apiErrorText(users(), new Error('boom'))).toBe(
      'Something went wrong. Please try again.',
    );
  });

  it('fieldErrorText: the detail for that field, else the whole text', () => {
    const error = new ApiError(400, 'validation_error', 'bio: too long', [
      { path: 'bio', message: 'Bio must be at most 500 characters.' },
    ]);
    expect(fieldErrorText(users(), error, 'bio')).toBe('Bio must be at most 500 characters.');
    expect(fieldErrorText(users(), error, 'birthday')).toBe('bio: too long');
  });
});
