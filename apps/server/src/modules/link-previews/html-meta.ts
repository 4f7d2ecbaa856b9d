/**
 * A small, tolerant reader of the few things a link preview needs from a page:
 * og:title / twitter:title / <title>, og:image / twitter:image, og:site_name,
 * og:description / description. Attributes in any order, any quotes or none,
 * any case; comments, scripts and styles skipped; entities decoded. Never
 * executes or renders anything.
 */

export interface PageMeta {
  title: string | null;
  description: string | null;
  siteName: string | null;
  /** Absolute http(s) URL, resolved against the page's URL (and <base href>). */
  imageUrl: string | null;
}

const LIMITS = { title: 300, description: 500, siteName: 100 } as const;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  middot: '·',
  bull: '•',
  copy: '©',
  reg: '®',
  trade: '™',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X'
          ? parseInt(name.slice(2), 16)
          : parseInt(name.slice(1), 10);
      if (
        !Number.isFinite(code) ||
        code <= 0 ||
        code > 0x10ffff ||
        (code >= 0xd800 && code <= 0xdfff)
      )
        return '\uFFFD';
      return String.fromCodePoint(code);
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Collapses whitespace, drops control characters, trims and caps; null when empty. */
function clean(value: string | undefined, max: number): string | null {
  if (value === undefined) return null;
  const text = decodeEntities(value)
    // eslint-disable-next-line no-control-regex -- control characters are what it removes
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return null;
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** Attributes of one tag's inside (`meta property="og:title" content=...`), names lower-cased. */
export function parseAttributes(inside: string): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (let m = re.exec(inside); m; m = re.exec(inside)) {
    const name = m[1]!.toLowerCase();
    if (!(name in out)) out[name] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return out;
}

/** Removes what must not be read as markup: comments, scripts, styles, templates. */
function stripInert(html: string): string {
  return html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
    .replace(/<(script|style|template|noscript)\b[^<>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi, ' ');
}

/** The first <title>'s text. Two linear searches, no backtracking over a page of unclosed tags. */
function firstTitle(text: string): string | undefined {
  const open = /<title\b[^<>]*>/i.exec(text);
  if (!open) return undefined;
  const start = open.index + open[0].length;
  const close = /<\/title\s*>/i.exec(text.slice(start));
  return close ? text.slice(start, start + close.index) : undefined;
}

function absoluteHttpUrl(value: string | null, base: URL): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Reads the preview fields of an HTML page fetched from `pageUrl`. */
export function parsePageMeta(html: string, pageUrl: URL): PageMeta {
  const text = stripInert(html);
  const meta = new Map<string, string>();
  let base = pageUrl;
  for (const m of text.matchAll(/<(meta|base)\b([^<>]*)>/gi)) {
    const attrs = parseAttributes(m[2]!);
    if (m[1]!.toLowerCase() === 'base') {
      if (attrs.href && base === pageUrl) {
        try {
          base = new URL(decodeEntities(attrs.href), pageUrl);
        } catch {
          /* keep the page URL */
        }
      }
      continue;
    }
    const key = (attrs.property ?? attrs.name ?? attrs.itemprop ?? '').trim().toLowerCase();
    if (key && attrs.content !== undefined && !meta.has(key)) meta.set(key, attrs.content);
  }
  const titleTag = firstTitle(text);
  const pick = (...keys: string[]) =>
    keys.map((k) => meta.get(k)).find((v) => v !== undefined && v.trim() !== '');

  const image = pick(
    'og:image:secure_url',
    'og:image',
    'og:image:url',
    'twitter:image',
    'twitter:image:src',
    'image',
  );
  return {
    title: clean(pick('og:title', 'twitter:title') ?? titleTag, LIMITS.title),
    description: clean(
      pick('og:description', 'twitter:description', 'description'),
      LIMITS.description,
    ),
    siteName: clean(pick('og:site_name', 'application-name'), LIMITS.siteName),
    imageUrl: absoluteHttpUrl(image ? decodeEntities(image) : null, base),
  };
}

/**
 * The text of an HTML body: the charset from the Content-Type header, else a
 * <meta charset> (or http-equiv) in the first 1024 bytes, else UTF-8.
 */
export function decodeHtml(body: Buffer, headerCharset: string | null): string {
  let label = headerCharset;
  if (!label) {
    const head = body.subarray(0, 1024).toString('latin1');
    label = /<meta\s[^>]*charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1] ?? null;
  }
  try {
    return new TextDecoder(label ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
