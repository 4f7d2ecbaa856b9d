import { describe, expect, it } from 'vitest';
import {
  SearchCommunitiesQuerySchema,
  UpsertCommunityInputSchema,
} from '../communities/communities.schemas';
import { CreateCommentInputSchema, ReportCommentInputSchema } from '../comments/comments.schemas';
import { CreatePostInputSchema } from '../posts/posts.schemas';
import { SignUpInputSchema, UpdateAccountInputSchema } from '../users/users.schemas';
import { groupThousands, isStorableText, safeText, UNSTORABLE_TEXT_MESSAGE } from './text';

describe('isStorableText', () => {
  it.each([
    ['plain', 'hello'],
    ['Japanese', 'オタク倉庫'],
    ['an emoji (a surrogate pair)', 'like 😀 this'],
    ['control characters other than NUL', 'tab\tand\nnewline\u0001'],
    ['empty', ''],
  ])('accepts %s', (_label, s) => {
    expect(isStorableText(s)).toBe(true);
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['only NUL', '\u0000'],
    ['a lone high surrogate', 'a\ud83d'],
    ['a lone low surrogate', '\ude00b'],
    ['surrogates in the wrong order', '\ude00\ud83d'],
  ])('refuses %s', (_label, s) => {
    expect(isStorableText(s)).toBe(false);
  });
});

describe('safeText', () => {
  const name = safeText({ message: 'Please enter a name.' }).trim().min(1, 'Too short.').max(5);

  it('keeps the checks chained after it', () => {
    expect(name.parse('  ab  ')).toBe('ab');
    expect(name.safeParse('   ').error?.issues[0]?.message).toBe('Too short.');
    expect(name.safeParse(42).error?.issues[0]?.message).toBe('Please enter a name.');
  });

  it('refuses NUL with its message', () => {
    expect(name.safeParse('a\u0000').error?.issues[0]?.message).toBe(UNSTORABLE_TEXT_MESSAGE);
  });
});

describe('the shared input schemas use it', () => {
  const nul = 'x\u0000y';
  it.each([
    ['comment body', CreateCommentInputSchema, { body: nul }, 'body'],
    ['report details', ReportCommentInputSchema, { reason: 'other', details: nul }, 'details'],
    [
      'post title',
      CreatePostInputSchema,
      { title: nul, communityId: '0190d7a0-0000-7000-8000-000000000001' },
      'title',
    ],
    [
      'post body',
      CreatePostInputSchema,
      { title: 't', body: nul, communityId: '0190d7a0-0000-7000-8000-000000000001' },
      'body',
    ],
    [
      'post link',
      CreatePostInputSchema,
      {
        title: 't',
        url: 'https://a.test/\u0000',
        communityId: '0190d7a0-0000-7000-8000-000000000001',
      },
      'url',
    ],
    ['account name', UpdateAccountInputSchema, { name: nul }, 'name'],
    [
      'sign-up name',
      SignUpInputSchema,
      { name: nul, username: 'nul_user', email: 'a@b.test', password: 'long enough pw' },
      'name',
    ],
    ['community name', UpsertCommunityInputSchema, { name: nul }, 'name'],
    ['community about', UpsertCommunityInputSchema, { name: 'ok name', about: nul }, 'about'],
    ['community search', SearchCommunitiesQuerySchema, { q: nul }, 'q'],
  ] as const)('%s', (_label, schema, input, field) => {
    const issues = schema.safeParse(input).error?.issues ?? [];
    expect(issues).toContainEqual(
      expect.objectContaining({ path: [field], message: UNSTORABLE_TEXT_MESSAGE }),
    );
  });
});

describe('groupThousands', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [40000, '40,000'],
    [1234567, '1,234,567'],
    [-1234, '-1,234'],
  ])('%d → %s, as en-US formats it', (n, text) => {
    expect(groupThousands(n)).toBe(text);
    expect(groupThousands(n)).toBe(n.toLocaleString('en-US'));
  });
});
