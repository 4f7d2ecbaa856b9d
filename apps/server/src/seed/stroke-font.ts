/**
 * A small rounded stroke font drawn as SVG paths, so the generated demo art
 * shows its titles on any machine: sharp's SVG renderer needs an installed
 * system font for `<text>`, and a fresh machine with only Node may have none.
 * Paths also render identically everywhere, which keeps the art deterministic.
 *
 * Glyphs are capitals on a 10-unit cap height (y grows downwards); lower case
 * is drawn in capitals, accents are dropped, unknown characters are skipped.
 */

interface Glyph {
  /** Width of the drawing in units (strokes add their own thickness). */
  w: number;
  d: string;
}

const O = (w: number) => {
  const c = w / 2;
  return `M${c} 0 C${w - 0.6} 0 ${w} 2.2 ${w} 5 C${w} 7.8 ${w - 0.6} 10 ${c} 10 C0.6 10 0 7.8 0 5 C0 2.2 0.6 0 ${c} 0 Z`;
};
const C_ARC = 'M5.8 1.8 C4.8 0.3 3.9 0 3.2 0 C1.1 0 0 2.2 0 5 C0 7.8 1.1 10 3.2 10';
const P_BOWL = 'M0 10 L0 0 L2.9 0 C4.4 0 5.2 1.1 5.2 2.75 C5.2 4.4 4.4 5.5 2.9 5.5 L0 5.5';
const DOT = (x: number) => `M${x} 9.9 L${x} 10`;

const GLYPHS: Record<string, Glyph> = {
  A: { w: 6.2, d: 'M0 10 L3.1 0 L6.2 10 M1.2 6.6 L5 6.6' },
  B: {
    w: 5.4,
    d: 'M0 5 L3.1 5 C4.5 5 5.4 6 5.4 7.5 C5.4 9 4.5 10 3.1 10 L0 10 L0 0 L2.8 0 C4.1 0 4.9 0.9 4.9 2.5 C4.9 4.1 4.1 5 2.8 5',
  },
  C: { w: 5.8, d: `${C_ARC} C3.9 10 4.8 9.7 5.8 8.2` },
  D: { w: 5.6, d: 'M0 0 L0 10 L2.4 10 C4.6 10 5.6 8 5.6 5 C5.6 2 4.6 0 2.4 0 Z' },
  E: { w: 4.8, d: 'M4.8 0 L0 0 L0 10 L4.8 10 M0 5 L4 5' },
  F: { w: 4.8, d: 'M4.8 0 L0 0 L0 10 M0 5 L4 5' },
  G: { w: 6, d: `${C_ARC} C5 10 6 8.8 6 6.4 L6 5.6 L3.6 5.6` },
  H: { w: 5.6, d: 'M0 0 L0 10 M5.6 0 L5.6 10 M0 5 L5.6 5' },
  I: { w: 0, d: 'M0 0 L0 10' },
  J: { w: 4.4, d: 'M4.4 0 L4.4 7.2 C4.4 9 3.5 10 2.2 10 C1 10 0 9.2 0 7.8' },
  K: { w: 5.4, d: 'M0 0 L0 10 M5.4 0 L0 6.2 M1.9 4.1 L5.4 10' },
  L: { w: 4.6, d: 'M0 0 L0 10 L4.6 10' },
  M: { w: 7, d: 'M0 10 L0 0 L3.5 6.4 L7 0 L7 10' },
  N: { w: 5.8, d: 'M0 10 L0 0 L5.8 10 L5.8 0' },
  O: { w: 6.4, d: O(6.4) },
  P: { w: 5.2, d: P_BOWL },
  Q: { w: 6.4, d: `${O(6.4)} M3.9 7.3 L6.5 10.4` },
  R: { w: 5.4, d: `${P_BOWL} M2.9 5.5 L5.4 10` },
  S: {
    w: 5.2,
    d: 'M5 1.6 C4.4 0.5 3.6 0 2.6 0 C1.2 0 0.2 0.9 0.2 2.5 C0.2 4.2 1.6 4.7 2.6 5 C3.8 5.3 5.2 5.9 5.2 7.5 C5.2 9.1 4 10 2.6 10 C1.4 10 0.5 9.4 0 8.3',
  },
  T: { w: 6, d: 'M0 0 L6 0 M3 0 L3 10' },
  U: { w: 5.6, d: 'M0 0 L0 6.8 C0 9 1.2 10 2.8 10 C4.4 10 5.6 9 5.6 6.8 L5.6 0' },
  V: { w: 6, d: 'M0 0 L3 10 L6 0' },
  W: { w: 8.4, d: 'M0 0 L2 10 L4.2 2.2 L6.4 10 L8.4 0' },
  X: { w: 5.8, d: 'M0 0 L5.8 10 M5.8 0 L0 10' },
  Y: { w: 6, d: 'M0 0 L3 5.2 L6 0 M3 5.2 L3 10' },
  Z: { w: 5.4, d: 'M0 0 L5.4 0 L0 10 L5.4 10' },
  '0': { w: 5.4, d: O(5.4) },
  '1': { w: 2.6, d: 'M0 2 L2.6 0 L2.6 10' },
  '2': { w: 5.2, d: 'M0.2 2.2 C0.6 0.8 1.6 0 2.7 0 C4.1 0 5 1 5 2.6 C5 4.4 3.6 5.6 0 10 L5.2 10' },
  '3': {
    w: 5.2,
    d: 'M0.2 1.4 C0.8 0.5 1.6 0 2.6 0 C4 0 4.9 0.9 4.9 2.4 C4.9 3.9 3.9 4.8 2.2 4.8 C4.2 4.8 5.2 5.9 5.2 7.4 C5.2 9 4 10 2.6 10 C1.5 10 0.6 9.5 0 8.5',
  },
  '4': { w: 5.6, d: 'M4.1 10 L4.1 0 L0 7 L5.6 7' },
  '5': {
    w: 5.2,
    d: 'M5 0 L0.8 0 L0.3 4.6 C1 4 1.8 3.8 2.6 3.8 C4.2 3.8 5.2 5 5.2 6.9 C5.2 8.8 4 10 2.5 10 C1.4 10 0.5 9.5 0 8.6',
  },
  '6': {
    w: 5.2,
    d: 'M4.6 0.8 C4 0.3 3.4 0 2.7 0 C1 0 0 2.2 0 5.6 C0 8.6 1.1 10 2.6 10 C4.2 10 5.2 8.8 5.2 7 C5.2 5.2 4.2 4 2.7 4 C1.4 4 0.4 4.8 0 6',
  },
  '7': { w: 5.2, d: 'M0 0 L5.2 0 L1.8 10' },
  '8': {
    w: 5.2,
    d: 'M2.6 4.8 C1.2 4.8 0.4 3.9 0.4 2.4 C0.4 0.9 1.3 0 2.6 0 C3.9 0 4.8 0.9 4.8 2.4 C4.8 3.9 4 4.8 2.6 4.8 C1 4.8 0 5.8 0 7.4 C0 9 1.1 10 2.6 10 C4.1 10 5.2 9 5.2 7.4 C5.2 5.8 4.2 4.8 2.6 4.8 Z',
  },
  '9': {
    w: 5.2,
    d: 'M0.6 9.2 C1.2 9.7 1.8 10 2.5 10 C4.2 10 5.2 7.8 5.2 4.4 C5.2 1.4 4.1 0 2.6 0 C1 0 0 1.2 0 3 C0 4.8 1 6 2.5 6 C3.8 6 4.8 5.2 5.2 4',
  },
  '.': { w: 0, d: DOT(0) },
  ',': { w: 0.4, d: 'M0.4 9.6 L0 11.4' },
  '!': { w: 0, d: `M0 0 L0 6.6 ${DOT(0)}` },
  '?': {
    w: 4.8,
    d: `M0 2.2 C0.3 0.8 1.3 0 2.5 0 C3.9 0 4.8 0.9 4.8 2.3 C4.8 4.4 2.4 4.6 2.4 6.8 ${DOT(2.4)}`,
  },
  "'": { w: 0, d: 'M0 0 L0 2.8' },
  '"': { w: 1.8, d: 'M0 0 L0 2.8 M1.8 0 L1.8 2.8' },
  '-': { w: 3.4, d: 'M0 5.6 L3.4 5.6' },
  ':': { w: 0, d: `M0 3.6 L0 3.7 ${DOT(0)}` },
  ';': { w: 0.4, d: 'M0.4 3.6 L0.4 3.7 M0.4 9.6 L0 11.4' },
  '/': { w: 4.4, d: 'M4.4 0 L0 10' },
  '+': { w: 5, d: 'M2.5 2.8 L2.5 8.2 M0 5.5 L5 5.5' },
  '#': { w: 6, d: 'M2 0 L1.2 10 M4.8 0 L4 10 M0.3 3.4 L6 3.4 M0 6.8 L5.7 6.8' },
  '(': { w: 2.2, d: 'M2.2 -0.4 C0.6 1.8 0 3.6 0 5 C0 6.4 0.6 8.2 2.2 10.4' },
  ')': { w: 2.2, d: 'M0 -0.4 C1.6 1.8 2.2 3.6 2.2 5 C2.2 6.4 1.6 8.2 0 10.4' },
  '*': { w: 4.4, d: 'M2.2 0.4 L2.2 5 M0.2 1.5 L4.2 3.9 M4.2 1.5 L0.2 3.9' },
  '~': { w: 5.6, d: 'M0 6 C1 4.3 2 4.6 2.8 5.5 C3.6 6.4 4.6 6.7 5.6 5' },
  '&': {
    w: 6,
    d: 'M6 10 L1.4 3.6 C0.9 2.9 0.8 2.4 0.8 2 C0.8 0.8 1.7 0 2.8 0 C3.9 0 4.6 0.8 4.6 1.9 C4.6 3.3 3.3 4 1.9 5.2 C0.6 6.2 0 7.1 0 8 C0 9.2 1 10 2.4 10 C4 10 5.2 8.9 6 6.8',
  },
  '%': { w: 6, d: 'M6 0 L0 10 M1.1 0.3 L1.1 2.4 M4.9 7.6 L4.9 9.7' },
  $: {
    w: 5.2,
    d: 'M5 2.1 C4.4 1.1 3.6 0.7 2.6 0.7 C1.3 0.7 0.3 1.5 0.3 2.8 C0.3 4.3 1.6 4.7 2.6 5 C3.8 5.3 5.2 5.8 5.2 7.2 C5.2 8.6 4 9.3 2.6 9.3 C1.4 9.3 0.5 8.8 0 7.9 M2.6 -0.4 L2.6 10.4',
  },
  '<': { w: 4.4, d: 'M4.4 2 L0 5.5 L4.4 9' },
  '>': { w: 4.4, d: 'M0 2 L4.4 5.5 L0 9' },
  '=': { w: 4.8, d: 'M0 4 L4.8 4 M0 7 L4.8 7' },
  '@': {
    w: 7,
    d: 'M4.6 6.2 C4.2 7.2 3.6 7.5 3 7.5 C2.2 7.5 1.8 6.8 1.8 5.8 C1.8 4.2 2.8 3 3.9 3 C4.6 3 5 3.5 5 4.3 L4.7 6.6 C4.7 7.3 5.1 7.6 5.6 7.6 C6.5 7.6 7 6.4 7 5 C7 2.3 5.4 0.6 3.5 0.6 C1.4 0.6 0 2.6 0 5.2 C0 7.9 1.5 9.8 3.7 9.8 C4.6 9.8 5.4 9.5 6 9',
  },
};

/** Unit geometry shared by every glyph. */
export const FONT_METRICS = {
  capHeight: 10,
  /** Gap between glyphs, in addition to the stroke thickness. */
  tracking: 1.5,
  space: 4.2,
  /** Distance between baselines of wrapped lines. */
  lineHeight: 15,
} as const;

/** Normalises text to what the font can draw: capitals, no accents. */
export function normaliseForFont(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...')
    .toUpperCase();
}

function glyphOf(ch: string): Glyph | undefined {
  return GLYPHS[ch];
}

/** Width in units of a normalised line drawn with the given stroke width (units). */
export function measureLine(text: string, strokeUnits: number): number {
  let x = 0;
  let count = 0;
  for (const ch of text) {
    if (ch === ' ') {
      x += FONT_METRICS.space;
      continue;
    }
    const g = glyphOf(ch);
    if (!g) continue;
    x += g.w + strokeUnits + FONT_METRICS.tracking;
    count++;
  }
  return count > 0 ? x - FONT_METRICS.tracking : x;
}

/** The path data of a line of text, in units, starting at x = stroke/2, top at y = 0. */
export function linePath(text: string, strokeUnits: number): string {
  const parts: string[] = [];
  let x = strokeUnits / 2;
  for (const ch of text) {
    if (ch === ' ') {
      x += FONT_METRICS.space;
      continue;
    }
    const g = glyphOf(ch);
    if (!g) continue;
    parts.push(translatePath(g.d, x));
    x += g.w + strokeUnits + FONT_METRICS.tracking;
  }
  return parts.join(' ');
}

/** Shifts every absolute x coordinate of a path made of M, L, C, Q and Z commands. */
function translatePath(d: string, dx: number): string {
  if (dx === 0) return d;
  const tokens = d.split(/\s+/);
  const out: string[] = [];
  let isX = true;
  for (const t of tokens) {
    let cmd = '';
    let num = t;
    if (/^[A-Za-z]/.test(t)) {
      cmd = t[0]!;
      num = t.slice(1);
      isX = true;
      if (cmd === 'Z' || cmd === 'z') {
        out.push(t);
        continue;
      }
    }
    const v = Number(num);
    const shifted = isX ? Math.round((v + dx) * 100) / 100 : v;
    out.push(cmd + String(shifted));
    isX = !isX;
  }
  return out.join(' ');
}

export interface TextBlockOptions {
  /** Left edge, or centre when align is 'middle', in pixels. */
  x: number;
  /** Top of the first line in pixels. */
  y: number;
  maxWidth: number;
  /** Cap height in pixels to try first; shrinks down to minSize to fit maxLines. */
  size: number;
  minSize?: number;
  maxLines?: number;
  align?: 'start' | 'middle';
  /** Stroke weight relative to cap height; 0.2 is bold. */
  weight?: number;
  fill: string;
  /** Outline colour drawn under the letters (gives the poster look). */
  outline?: string;
  /** Drop shadow colour, offset down-right. */
  shadow?: string;
}

export interface TextBlock {
  svg: string;
  /** Height in pixels from y to the bottom of the last line. */
  height: number;
  width: number;
  lines: string[];
  size: number;
}

function wrap(words: string[], maxUnits: number, stroke: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (!current || measureLine(candidate, stroke) <= maxUnits) current = candidate;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/** Lays out and draws a block of text as SVG paths. */
export function textBlock(text: string, opts: TextBlockOptions): TextBlock {
  const weight = opts.weight ?? 0.2;
  const stroke = FONT_METRICS.capHeight * weight;
  const maxLines = opts.maxLines ?? 3;
  const minSize = Math.min(opts.minSize ?? opts.size * 0.45, opts.size);
  const words = normaliseForFont(text).split(/\s+/).filter(Boolean);
  let size = opts.size;
  let lines: string[] = [];
  for (;;) {
    const scale = size / FONT_METRICS.capHeight;
    const maxUnits = opts.maxWidth / scale - stroke;
    lines = wrap(words, maxUnits, stroke);
    const fits = lines.length <= maxLines && lines.every((l) => measureLine(l, stroke) <= maxUnits);
    if (fits || size <= minSize) break;
    size = Math.max(minSize, size * 0.88);
  }
  const scale = size / FONT_METRICS.capHeight;
  const maxUnits = opts.maxWidth / scale - stroke;
  if (lines.length > maxLines) {
    lines = lines.slice(0, maxLines);
    let last = lines[maxLines - 1]!;
    while (last.length > 1 && measureLine(`${last}...`, stroke) > maxUnits)
      last = last.slice(0, -1).trimEnd();
    lines[maxLines - 1] = `${last}...`;
  }
  // A single word longer than the line: cut it.
  lines = lines.map((l) => {
    let s = l;
    while (s.length > 1 && measureLine(s, stroke) > maxUnits) s = s.slice(0, -1);
    return s === l ? l : `${s.slice(0, -2)}..`;
  });
  const groups: string[] = [];
  let widest = 0;
  lines.forEach((line, i) => {
    const lw = measureLine(line, stroke) + stroke;
    widest = Math.max(widest, lw * scale);
    const left = opts.align === 'middle' ? opts.x - (lw * scale) / 2 : opts.x;
    const top = opts.y + i * FONT_METRICS.lineHeight * scale + (stroke / 2) * scale;
    const d = linePath(line, stroke);
    const t = `translate(${r(left)} ${r(top)}) scale(${r(scale, 3)})`;
    const common = `fill="none" stroke-linecap="round" stroke-linejoin="round"`;
    if (opts.shadow) {
      const off = Math.max(1, size * 0.06) / scale;
      groups.push(
        `<path transform="${t} translate(${r(off, 2)} ${r(off, 2)})" d="${d}" ${common} stroke="${opts.shadow}" stroke-opacity="0.55" stroke-width="${r(stroke * 1.6, 2)}"/>`,
      );
    }
    if (opts.outline) {
      groups.push(
        `<path transform="${t}" d="${d}" ${common} stroke="${opts.outline}" stroke-width="${r(stroke * 1.75, 2)}"/>`,
      );
    }
    groups.push(
      `<path transform="${t}" d="${d}" ${common} stroke="${opts.fill}" stroke-width="${r(stroke, 2)}"/>`,
    );
  });
  const height =
    lines.length > 0
      ? ((lines.length - 1) * FONT_METRICS.lineHeight + FONT_METRICS.capHeight + stroke) * scale
      : 0;
  return { svg: groups.join(''), height, width: widest, lines, size };
}

function r(v: number, digits = 1): string {
  const f = 10 ** digits;
  return String(Math.round(v * f) / f);
}
