import { describe, expect, it } from 'vitest';
import en from '@/locales/en/legal.json';
import ja from '@/locales/ja/legal.json';
import { EXTERNAL_LINKS, LEGAL_DOCUMENTS, parseBlocks, sectionLinkTag } from './legal-documents';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Every string in a JSON value with its path. */
function strings(value: Json, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${path}.${i}`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k));
  return [];
}

/** The "shape" of a section: block kinds and list lengths do not have to match across languages, keys do. */
function sectionKeys(locale: typeof en, doc: 'privacy' | 'terms') {
  return Object.keys(locale[doc].sections);
}

const KNOWN_TAGS = new Set([
  'strong',
  'email',
  'account',
  'terms',
  'privacy',
  'doc',
  ...Object.keys(EXTERNAL_LINKS),
  ...Object.values(LEGAL_DOCUMENTS).flatMap((d) => d.sections.map(sectionLinkTag)),
]);

describe('legal texts', () => {
  it.each([
    ['en', en],
    ['ja', ja],
  ] as const)(
    '%s has exactly the sections of both documents, each with a title and blocks',
    (_, locale) => {
      for (const doc of Object.values(LEGAL_DOCUMENTS)) {
        expect(sectionKeys(locale, doc.key)).toEqual([...doc.sections]);
        for (const id of doc.sections) {
          const section = (
            locale[doc.key].sections as Record<string, { title: string; blocks: Json[] }>
          )[id]!;
          expect(section.title.length).toBeGreaterThan(0);
          const blocks = parseBlocks(section.blocks, 'x');
          expect(blocks.length).toBe(section.blocks.length);
        }
      }
    },
  );

  it('has every English string in Japanese too (top-level and titles)', () => {
    const jaKeys = new Set(strings(ja as Json).map(([p]) => p.replace(/\.blocks\..*$/, '.blocks')));
    for (const [path] of strings(en as Json)) {
      expect(jaKeys).toContain(path.replace(/\.blocks\..*$/, '.blocks'));
    }
  });

  it.each([
    ['en', en],
    ['ja', ja],
  ] as const)(
    '%s uses only known tags, balanced, and only the product, email and title values',
    (_, locale) => {
      for (const [path, text] of strings(locale as Json)) {
        const opened = [...text.matchAll(/<([a-zA-Z]+)>/g)].map((m) => m[1]);
        const closed = [...text.matchAll(/<\/([a-zA-Z]+)>/g)].map((m) => m[1]);
        expect(opened, path).toEqual(closed);
        for (const tag of opened) expect(KNOWN_TAGS, `${path}: <${tag}>`).toContain(tag);
        for (const [, name] of text.matchAll(/\{\{(\w+)\}\}/g))
          expect(['product', 'email', 'title'], path).toContain(name);
      }
    },
  );

  it('keeps the Japanese text Japanese', () => {
    for (const doc of Object.values(LEGAL_DOCUMENTS)) {
      const sections = ja[doc.key].sections as Record<string, { title: string }>;
      for (const id of doc.sections)
        expect(sections[id]!.title).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    }
  });
});

describe('parseBlocks', () => {
  it('keys paragraphs, sub-headings, notes, lists and definitions and skips anything else', () => {
    const blocks = parseBlocks(
      [
        'text',
        { h: 'Sub' },
        { note: 'Key' },
        { list: ['a', 'b'] },
        { terms: [{ term: 'T', text: 'D' }] },
        7,
        { other: 1 },
      ],
      'terms.sections.x.blocks',
    );
    expect(blocks).toEqual([
      { kind: 'p', key: 'terms.sections.x.blocks.0' },
      { kind: 'h', key: 'terms.sections.x.blocks.1.h' },
      { kind: 'note', key: 'terms.sections.x.blocks.2.note' },
      {
        kind: 'list',
        items: ['terms.sections.x.blocks.3.list.0', 'terms.sections.x.blocks.3.list.1'],
      },
      {
        kind: 'terms',
        items: [
          {
            term: 'terms.sections.x.blocks.4.terms.0.term',
            text: 'terms.sections.x.blocks.4.terms.0.text',
          },
        ],
      },
    ]);
    expect(parseBlocks('not an array', 'x')).toEqual([]);
  });

  it('names section links after the section id', () => {
    expect(sectionLinkTag('in-app-purchases')).toBe('toInAppPurchases');
    expect(sectionLinkTag('ccpa')).toBe('toCcpa');
  });
});
