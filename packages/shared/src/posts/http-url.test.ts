import { describe, expect, it } from 'vitest';
import { CreatePostInputSchema, LinkPreviewQuerySchema, withHttpScheme } from './posts.schemas';

const COMMUNITY = '0190aaaa-0000-7000-8000-000000000001';
const urlOf = (url: string) =>
  CreatePostInputSchema.parse({ title: 'Link', communityId: COMMUNITY, url }).url;

describe('a post link typed without a scheme', () => {
  it('gets https:// (server and web parse the same schema)', () => {
    expect(urlOf('example.com')).toBe('https://example.com');
    expect(urlOf('example.com/news?id=1')).toBe('https://example.com/news?id=1');
    expect(urlOf('  example.com/news  ')).toBe('https://example.com/news');
    expect(urlOf('//example.com/a')).toBe('https://example.com/a');
    expect(urlOf('localhost:3000/x')).toBe('https://localhost:3000/x');
    expect(LinkPreviewQuerySchema.parse({ url: 'example.com/a' }).url).toBe(
      'https://example.com/a',
    );
  });

  it('keeps a scheme that is there, refusing any but http(s)', () => {
    expect(urlOf('http://example.com/')).toBe('http://example.com/');
    for (const url of ['ftp://example.com/', 'mailto:a@example.com', 'javascript:alert(1)', '']) {
      expect(
        CreatePostInputSchema.safeParse({ title: 'x', communityId: COMMUNITY, url }).success,
        url,
      ).toBe(false);
    }
    expect(withHttpScheme('not a link')).toBe('https://not a link');
    expect(
      CreatePostInputSchema.safeParse({ title: 'x', communityId: COMMUNITY, url: 'not a link' })
        .success,
    ).toBe(false);
  });
});

describe('a link with credentials in it', () => {
  it('is refused for a post and for a preview, with a message naming why', () => {
    for (const url of [
      'https://user:pass@example.com/',
      'user:secret@example.com/a',
      'https://me@example.com',
    ]) {
      const post = CreatePostInputSchema.safeParse({ title: 'x', communityId: COMMUNITY, url });
      expect(post.success, url).toBe(false);
      expect(post.error?.issues[0]?.path).toEqual(['url']);
      if (url.startsWith('https://'))
        expect(post.error?.issues[0]?.message).toMatch(/contains a user name or password/);
      expect(LinkPreviewQuerySchema.safeParse({ url }).success, url).toBe(false);
    }
    expect(urlOf('https://example.com/@user')).toBe('https://example.com/@user');
  });
});
