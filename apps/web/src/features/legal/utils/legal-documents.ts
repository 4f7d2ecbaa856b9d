/**
 * The two legal documents of spec §2. The wording lives in the `legal` namespace
 * (`locales/<lang>/legal.json`, under `privacy` and `terms`); this file fixes what
 * must not vary by language: the order of the sections and their anchor ids, so a
 * link like `/terms-and-conditions#liability` works in every language.
 */
export type LegalDocumentKey = 'privacy' | 'terms';

export interface LegalDocumentSpec {
  /** Top-level key of the document in the `legal` namespace. */
  key: LegalDocumentKey;
  /** Where the document lives (the privacy policy is also shown at /user-agreement). */
  path: string;
  /** Section ids in reading order: anchor ids and keys under `<key>.sections`. */
  sections: readonly string[];
  /** The other document, linked at the end. */
  related: LegalDocumentKey;
}

/** Both documents: "last updated May 23, 2022" (spec §2), as an ISO date for `<time>`. */
export const LEGAL_LAST_UPDATED = '2022-05-23';

export const PRIVACY_POLICY: LegalDocumentSpec = {
  key: 'privacy',
  path: '/privacy-policy',
  sections: [
    'introduction',
    'information-we-collect',
    'how-we-use',
    'sharing',
    'cookies',
    'advertising',
    'legal-bases',
    'your-rights',
    'ccpa',
    'do-not-track',
    'children',
    'your-data',
    'retention',
    'security',
    'international-transfers',
    'changes',
    'contact',
  ],
  related: 'terms',
};

export const TERMS_AND_CONDITIONS: LegalDocumentSpec = {
  key: 'terms',
  path: '/terms-and-conditions',
  sections: [
    'agreement',
    'definitions',
    'accounts',
    'orders',
    'payments',
    'subscriptions',
    'in-app-purchases',
    'returns',
    'content',
    'copyright',
    'termination',
    'disclaimers',
    'liability',
    'governing-law',
    'changes',
    'general',
    'contact',
  ],
  related: 'privacy',
};

export const LEGAL_DOCUMENTS: Record<LegalDocumentKey, LegalDocumentSpec> = {
  privacy: PRIVACY_POLICY,
  terms: TERMS_AND_CONDITIONS,
};

/** Opt-out tools and authorities the privacy policy links to, by the tag its text uses. */
export const EXTERNAL_LINKS: Record<string, string> = {
  nai: 'https://optout.networkadvertising.org/',
  daa: 'https://optout.aboutads.info/',
  appchoices: 'https://youradchoices.com/appchoices',
  edaa: 'https://www.youronlinechoices.eu/',
  google: 'https://myadcenter.google.com/',
  authorities: 'https://www.edpb.europa.eu/about-edpb/about-edpb/members_en',
};

/**
 * A section's body as written in the locale file: an array of blocks, each one of
 *   "a paragraph"
 *   { "h": "a sub-heading" }
 *   { "note": "a paragraph set apart (the key figure of a section)" }
 *   { "list": ["item", …] }
 *   { "terms": [{ "term": "Account", "text": "…" }, …] }
 * Each block is resolved to the i18n keys of its strings, so every string is rendered
 * through <Trans> (links and emphasis as tags, name and address interpolated).
 */
export type LegalBlock =
  | { kind: 'p' | 'h' | 'note'; key: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'terms'; items: { term: string; text: string }[] };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Turns the raw blocks under `base` (e.g. `terms.sections.orders.blocks`) into keyed blocks; unknown shapes are skipped. */
export function parseBlocks(raw: unknown, base: string): LegalBlock[] {
  if (!Array.isArray(raw)) return [];
  const blocks: LegalBlock[] = [];
  raw.forEach((block: unknown, i) => {
    const key = `${base}.${i}`;
    if (typeof block === 'string') blocks.push({ kind: 'p', key });
    else if (!isRecord(block)) return;
    else if (typeof block.h === 'string') blocks.push({ kind: 'h', key: `${key}.h` });
    else if (typeof block.note === 'string') blocks.push({ kind: 'note', key: `${key}.note` });
    else if (Array.isArray(block.list))
      blocks.push({ kind: 'list', items: block.list.map((_, j) => `${key}.list.${j}`) });
    else if (Array.isArray(block.terms))
      blocks.push({
        kind: 'terms',
        items: block.terms.map((_, j) => ({
          term: `${key}.terms.${j}.term`,
          text: `${key}.terms.${j}.text`,
        })),
      });
  });
  return blocks;
}

/** `in-app-purchases` → `toInAppPurchases`: the tag a paragraph uses to link to that section. */
export function sectionLinkTag(id: string): string {
  return `to${id.replace(/(^|-)([a-z])/g, (_, _dash: string, c: string) => c.toUpperCase())}`;
}
