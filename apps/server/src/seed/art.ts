/**
 * Generated demo artwork: soft gradients, layered shapes and bold titles in the
 * palette of UI.md, rendered from SVG strings with sharp. Everything is
 * original and deterministic: the same seed gives the same bytes.
 *
 * Titles are drawn with the built-in stroke font (./stroke-font.ts), not
 * `<text>`, so no system font is needed.
 */
import sharp, { type Sharp } from 'sharp';
import { textBlock } from './stroke-font';

// ---------------------------------------------------------------- randomness

/** 32-bit FNV-1a hash of a seed, so string and number seeds both work. */
export function hashSeed(seed: string | number): number {
  const s = String(seed);
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  range(min: number, max: number): number;
  /** Integer in [min, max] inclusive. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  shuffle<T>(items: readonly T[]): T[];
}

/** A small seeded PRNG (mulberry32). */
export function createRng(seed: string | number): Rng {
  let a = hashSeed(seed) || 0x9e3779b9;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const rng: Rng = {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
    shuffle: (items) => {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
  };
  return rng;
}

// ---------------------------------------------------------------- colour

/** The palette of UI.md. */
export const PALETTE = {
  ink: '#0e1016',
  surface: '#161a23',
  surface2: '#1e2330',
  border: '#2a3040',
  text: '#eef0f6',
  muted: '#9aa3b5',
  accent: '#ff5c9a',
  link: '#7aa2ff',
  success: '#3ddc97',
} as const;

/** Gentle variations around the accents. */
const GENTLE = [
  '#ff8fb8',
  '#ffb38a',
  '#ffd36e',
  '#b48cff',
  '#5ad1e6',
  '#9fb8ff',
  '#7ee8b8',
  '#ff7a7a',
] as const;
const ACCENTS = [PALETTE.accent, PALETTE.link, PALETTE.success] as const;

type Rgb = [number, number, number];

function hexToRgb(hex: string): Rgb {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function rgbToHex([r, g, b]: Rgb): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** Linear mix of two colours; t = 0 gives a, 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return rgbToHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

/** Rotates the hue of a colour by `deg` degrees (keeps lightness and saturation). */
function shiftHue(hex: string, deg: number): string {
  const [r, g, b] = hexToRgb(hex).map((v) => v / 255) as Rgb;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return hex;
  const s = d / (1 - Math.abs(2 * l - 1));
  let h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  h = (h * 60 + deg + 360) % 360;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r1, g1, b1] =
    h < 60
      ? [c, x, 0]
      : h < 120
        ? [x, c, 0]
        : h < 180
          ? [0, c, x]
          : h < 240
            ? [0, x, c]
            : h < 300
              ? [x, 0, c]
              : [c, 0, x];
  return rgbToHex([(r1 + m) * 255, (g1 + m) * 255, (b1 + m) * 255]);
}

interface Scheme {
  /** Two background stops (deep inks tinted towards the accent). */
  bg0: string;
  bg1: string;
  /** Main accent, second accent, third (gentle) colour. */
  a: string;
  b: string;
  c: string;
  /** Colour of titles. */
  title: string;
}

function scheme(rng: Rng): Scheme {
  const a = shiftHue(rng.pick(ACCENTS), rng.range(-10, 10));
  const b = shiftHue(rng.pick([...ACCENTS, ...GENTLE].filter((x) => x !== a)), rng.range(-12, 12));
  const c = rng.pick(GENTLE);
  const bg0 = mix(rng.pick([PALETTE.ink, PALETTE.surface]), a, rng.range(0.04, 0.12));
  const bg1 = mix(rng.pick([PALETTE.surface, PALETTE.surface2]), b, rng.range(0.14, 0.3));
  const title = rng.chance(0.7) ? PALETTE.text : mix(PALETTE.text, a, 0.35);
  return { bg0, bg1, a, b, c, title };
}

/** The placeholder colour for an artwork: the mix of its background stops. */
function backdropColour(s: Scheme): string {
  return mix(s.bg0, s.bg1, 0.5);
}

// ---------------------------------------------------------------- svg helpers

const f = (v: number, digits = 1) => {
  const m = 10 ** digits;
  return String(Math.round(v * m) / m);
};

class Svg {
  private defs: string[] = [];
  private front: string[] = [];
  private backBody: string[] = [];
  private ids = 0;
  constructor(
    readonly w: number,
    readonly h: number,
  ) {}
  id(prefix: string): string {
    return `${prefix}${this.ids++}`;
  }
  def(s: string): void {
    this.defs.push(s);
  }
  add(s: string): void {
    this.front.push(s);
  }
  /** Adds to the backdrop, drawn under everything added with `add`. */
  addBack(s: string): void {
    this.backBody.push(s);
  }
  linear(stops: Array<[number, string, number?]>, angleDeg: number): string {
    const id = this.id('lg');
    const rad = (angleDeg * Math.PI) / 180;
    const x = Math.cos(rad) / 2;
    const y = Math.sin(rad) / 2;
    this.def(
      `<linearGradient id="${id}" x1="${f(0.5 - x, 3)}" y1="${f(0.5 - y, 3)}" x2="${f(0.5 + x, 3)}" y2="${f(0.5 + y, 3)}">${stops
        .map(
          ([o, c, op]) =>
            `<stop offset="${f(o, 3)}" stop-color="${c}"${op === undefined ? '' : ` stop-opacity="${f(op, 3)}"`}/>`,
        )
        .join('')}</linearGradient>`,
    );
    return `url(#${id})`;
  }
  radial(color: string, opacity: number, inner = 0): string {
    const id = this.id('rg');
    this.def(
      `<radialGradient id="${id}"><stop offset="${f(inner, 2)}" stop-color="${color}" stop-opacity="${f(opacity, 3)}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`,
    );
    return `url(#${id})`;
  }
  /** The elements drawn so far, without the svg wrapper. */
  body(): string {
    return [...this.backBody, ...this.front].join('');
  }
  toString(): string {
    const body = [...this.backBody, ...this.front];
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.w}" height="${this.h}" viewBox="0 0 ${this.w} ${this.h}"><defs>${this.defs.join('')}</defs>${body.join('')}</svg>`;
  }
}

// ---------------------------------------------------------------- motifs

const PETAL = 'M0 -0.72 L0.2 -1 C0.66 -0.72 0.66 0.28 0 1 C-0.66 0.28 -0.66 -0.72 -0.2 -1 Z';
const SPARKLE = 'M0 -1 Q0.13 -0.13 1 0 Q0.13 0.13 0 1 Q-0.13 0.13 -1 0 Q-0.13 -0.13 0 -1 Z';

function starPath(points: number, inner: number): string {
  const pts: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const rr = i % 2 === 0 ? 1 : inner;
    const ang = (Math.PI * i) / points - Math.PI / 2;
    pts.push(`${f(Math.cos(ang) * rr, 3)} ${f(Math.sin(ang) * rr, 3)}`);
  }
  return `M${pts.join(' L')} Z`;
}
const STAR5 = starPath(5, 0.45);

function background(svg: Svg, s: Scheme, rng: Rng): void {
  const fill = svg.linear(
    [
      [0, s.bg0],
      [rng.range(0.45, 0.65), mix(s.bg0, s.bg1, 0.5)],
      [1, s.bg1],
    ],
    rng.range(20, 160),
  );
  svg.addBack(`<rect width="${svg.w}" height="${svg.h}" fill="${fill}"/>`);
}

function glows(svg: Svg, s: Scheme, rng: Rng, n: number): void {
  const m = Math.max(svg.w, svg.h);
  for (let i = 0; i < n; i++) {
    const color = rng.pick([s.a, s.b, s.c]);
    const rad = m * rng.range(0.22, 0.42);
    svg.addBack(
      `<circle cx="${f(rng.range(-0.1, 1.1) * svg.w)}" cy="${f(rng.range(-0.1, 1.1) * svg.h)}" r="${f(rad)}" fill="${svg.radial(color, rng.range(0.25, 0.5))}"/>`,
    );
  }
}

function waves(svg: Svg, s: Scheme, rng: Rng, layers: number, fromY = 0.55): void {
  const { w, h } = svg;
  for (let i = 0; i < layers; i++) {
    const base = h * (fromY + (i * (1 - fromY)) / (layers + 0.5));
    const amp = h * rng.range(0.02, 0.06);
    const len = w / rng.range(0.8, 2.2);
    const phase = rng.range(0, len);
    let d = `M0 ${f(base)}`;
    const steps = 8;
    for (let k = 0; k <= steps; k++) {
      const x = (k / steps) * w;
      const y = base + Math.sin(((x + phase) / len) * Math.PI * 2) * amp;
      const cx = x - w / steps / 2;
      const cy = base + Math.sin(((cx + phase) / len) * Math.PI * 2) * amp * 1.3;
      d += k === 0 ? ` L${f(x)} ${f(y)}` : ` Q${f(cx)} ${f(cy)} ${f(x)} ${f(y)}`;
    }
    d += ` L${w} ${h} L0 ${h} Z`;
    const color = mix(i % 2 === 0 ? s.a : s.b, s.bg0, 0.25 + (0.5 * (layers - 1 - i)) / layers);
    const fill = svg.linear(
      [
        [0, color, 0.9],
        [1, mix(color, s.bg0, 0.6), 0.95],
      ],
      90,
    );
    svg.add(`<path d="${d}" fill="${fill}"/>`);
  }
}

function petals(svg: Svg, s: Scheme, rng: Rng, n: number, scale = 1): void {
  const m = Math.min(svg.w, svg.h);
  const pinks = [s.a, PALETTE.accent, '#ff8fb8', '#ffc2d6', mix(s.a, '#ffffff', 0.4)];
  for (let i = 0; i < n; i++) {
    const size = m * rng.range(0.012, 0.04) * scale;
    svg.add(
      `<path d="${PETAL}" fill="${rng.pick(pinks)}" fill-opacity="${f(rng.range(0.55, 0.95), 2)}" transform="translate(${f(rng.next() * svg.w)} ${f(rng.next() * svg.h)}) rotate(${f(rng.range(0, 360))}) scale(${f(size * 0.75, 2)} ${f(size, 2)})"/>`,
    );
  }
}

function flower(
  svg: Svg,
  cx: number,
  cy: number,
  size: number,
  color: string,
  rot: number,
  opacity = 1,
): void {
  const parts: string[] = [];
  for (let k = 0; k < 5; k++) {
    parts.push(
      `<path d="${PETAL}" transform="rotate(${f(rot + k * 72)}) translate(0 ${f(-size * 0.55)}) scale(${f(size * 0.42, 2)} ${f(size * 0.55, 2)})"/>`,
    );
  }
  svg.add(
    `<g transform="translate(${f(cx)} ${f(cy)})" fill="${color}" fill-opacity="${f(opacity, 2)}">${parts.join('')}<circle r="${f(size * 0.16)}" fill="${mix(color, '#ffd36e', 0.7)}"/></g>`,
  );
}

function sparkles(svg: Svg, s: Scheme, rng: Rng, n: number): void {
  const m = Math.min(svg.w, svg.h);
  for (let i = 0; i < n; i++) {
    const x = rng.next() * svg.w;
    const y = rng.next() * svg.h;
    const kind = rng.next();
    const color = rng.pick([PALETTE.text, s.c, s.b, '#ffffff']);
    if (kind < 0.55) {
      svg.add(
        `<circle cx="${f(x)}" cy="${f(y)}" r="${f(m * rng.range(0.002, 0.006))}" fill="${color}" fill-opacity="${f(rng.range(0.4, 0.9), 2)}"/>`,
      );
    } else if (kind < 0.85) {
      const size = m * rng.range(0.012, 0.035);
      svg.add(
        `<path d="${SPARKLE}" fill="${color}" fill-opacity="${f(rng.range(0.6, 1), 2)}" transform="translate(${f(x)} ${f(y)}) scale(${f(size, 2)})"/>`,
      );
    } else {
      const size = m * rng.range(0.01, 0.025);
      svg.add(
        `<path d="${STAR5}" fill="${color}" fill-opacity="0.85" transform="translate(${f(x)} ${f(y)}) rotate(${f(rng.range(0, 72))}) scale(${f(size, 2)})"/>`,
      );
    }
  }
}

function stripes(svg: Svg, s: Scheme, rng: Rng): void {
  const { w, h } = svg;
  const n = rng.int(3, 6);
  const angle = rng.pick([-30, -20, 20, 30, 45, -45]);
  const width = Math.max(w, h) * rng.range(0.015, 0.05);
  const gap = width * rng.range(1.4, 2.6);
  const cx = rng.range(0.2, 0.8) * w;
  const parts: string[] = [];
  for (let i = 0; i < n; i++) {
    parts.push(
      `<rect x="${f(cx + i * gap - (n * gap) / 2)}" y="${f(-h)}" width="${f(width)}" height="${f(h * 3)}"/>`,
    );
  }
  svg.add(
    `<g transform="rotate(${angle} ${f(w / 2)} ${f(h / 2)})" fill="${rng.pick([s.a, s.b, s.c])}" fill-opacity="${f(rng.range(0.12, 0.28), 2)}">${parts.join('')}</g>`,
  );
}

function rings(svg: Svg, s: Scheme, rng: Rng): void {
  const m = Math.min(svg.w, svg.h);
  const cx = rng.range(0.2, 0.8) * svg.w;
  const cy = rng.range(0.2, 0.7) * svg.h;
  const n = rng.int(3, 6);
  const base = m * rng.range(0.08, 0.18);
  for (let i = 0; i < n; i++) {
    svg.add(
      `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(base + i * m * 0.06)}" fill="none" stroke="${i % 2 ? s.b : s.a}" stroke-opacity="${f(0.6 - i * 0.08, 2)}" stroke-width="${f(m * rng.range(0.006, 0.016))}"${rng.chance(0.4) ? ` stroke-dasharray="${f(m * 0.03)} ${f(m * 0.02)}"` : ''}/>`,
    );
  }
}

function halftone(svg: Svg, s: Scheme, rng: Rng): void {
  const m = Math.min(svg.w, svg.h);
  const step = m * rng.range(0.025, 0.04);
  const cx = rng.range(0.6, 1) * svg.w;
  const cy = rng.range(0, 0.4) * svg.h;
  const reach = m * rng.range(0.35, 0.55);
  const color = rng.pick([s.a, s.b, s.c]);
  const dots: string[] = [];
  for (let y = cy - reach; y < cy + reach; y += step) {
    for (let x = cx - reach; x < cx + reach; x += step) {
      const dist = Math.hypot(x - cx, y - cy) / reach;
      if (dist >= 1) continue;
      dots.push(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(step * 0.42 * (1 - dist))}"/>`);
    }
  }
  svg.add(`<g fill="${color}" fill-opacity="0.35">${dots.join('')}</g>`);
}

function sunset(svg: Svg, s: Scheme, rng: Rng): void {
  const { w, h } = svg;
  const rad = Math.min(w, h) * rng.range(0.22, 0.34);
  const cx = rng.range(0.3, 0.7) * w;
  const horizon = h * rng.range(0.58, 0.7);
  const cy = horizon - rad * 0.35;
  const fill = svg.linear(
    [
      [0, s.c],
      [1, s.a],
    ],
    90,
  );
  const clip = svg.id('cp');
  const gaps: string[] = [];
  for (let i = 0; i < 5; i++) {
    const y = cy + rad * (0.1 + i * 0.2);
    gaps.push(
      `<rect x="${f(cx - rad)}" y="${f(y)}" width="${f(rad * 2)}" height="${f(rad * (0.03 + i * 0.018))}"/>`,
    );
  }
  svg.def(`<clipPath id="${clip}"><rect width="${w}" height="${f(horizon)}"/></clipPath>`);
  svg.add(
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rad * 1.6)}" fill="${svg.radial(s.a, 0.35)}"/>`,
  );
  svg.add(
    `<g clip-path="url(#${clip})"><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rad)}" fill="${fill}"/><g fill="${s.bg1}">${gaps.join('')}</g></g>`,
  );
  // Floor grid.
  const floor = svg.linear(
    [
      [0, mix(s.bg0, s.a, 0.15)],
      [1, s.bg0],
    ],
    90,
  );
  svg.add(
    `<rect x="0" y="${f(horizon)}" width="${w}" height="${f(h - horizon)}" fill="${floor}"/>`,
  );
  const lines: string[] = [];
  for (let i = -8; i <= 8; i++)
    lines.push(`M${f(cx + i * w * 0.02)} ${f(horizon)} L${f(cx + i * w * 0.16)} ${h}`);
  for (let i = 1; i <= 6; i++) {
    const y = horizon + (h - horizon) * (i / 6) ** 1.8;
    lines.push(`M0 ${f(y)} L${w} ${f(y)}`);
  }
  svg.add(
    `<path d="${lines.join(' ')}" stroke="${s.b}" stroke-opacity="0.45" stroke-width="${f(Math.max(1, w / 600))}" fill="none"/>`,
  );
}

function skyline(svg: Svg, s: Scheme, rng: Rng): void {
  const { w, h } = svg;
  const layers = 2;
  for (let l = 0; l < layers; l++) {
    const color = mix(s.bg0, PALETTE.ink, l === 0 ? 0.1 : 0.6);
    const rects: string[] = [];
    const windows: string[] = [];
    let x = -rng.range(0, 40);
    while (x < w) {
      const bw = w * rng.range(0.04, 0.1);
      const bh = h * rng.range(0.15, 0.42) * (l === 0 ? 1.15 : 0.8);
      rects.push(`<rect x="${f(x)}" y="${f(h - bh)}" width="${f(bw + 1)}" height="${f(bh)}"/>`);
      if (l === 1) {
        const ws = Math.max(3, bw * 0.12);
        for (let wy = h - bh + ws * 1.5; wy < h - ws * 2; wy += ws * 2.2) {
          for (let wx = x + ws; wx < x + bw - ws; wx += ws * 2) {
            if (rng.chance(0.35))
              windows.push(
                `<rect x="${f(wx)}" y="${f(wy)}" width="${f(ws)}" height="${f(ws * 1.2)}"/>`,
              );
          }
        }
      }
      x += bw;
    }
    svg.add(`<g fill="${color}" fill-opacity="${l === 0 ? 0.8 : 1}">${rects.join('')}</g>`);
    if (windows.length)
      svg.add(`<g fill="${rng.pick([s.c, '#ffd36e'])}" fill-opacity="0.8">${windows.join('')}</g>`);
  }
}

function planet(svg: Svg, s: Scheme, rng: Rng): void {
  const m = Math.min(svg.w, svg.h);
  const rad = m * rng.range(0.14, 0.24);
  const cx = rng.range(0.25, 0.75) * svg.w;
  const cy = rng.range(0.25, 0.55) * svg.h;
  const body = svg.linear(
    [
      [0, mix(s.a, '#ffffff', 0.25)],
      [1, mix(s.b, s.bg0, 0.3)],
    ],
    rng.range(30, 80),
  );
  const tilt = rng.range(-25, -8);
  const ring = `<ellipse cx="0" cy="0" rx="${f(rad * 1.75)}" ry="${f(rad * 0.42)}" fill="none" stroke="${s.c}" stroke-opacity="0.8" stroke-width="${f(rad * 0.09)}"/>`;
  svg.add(
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rad * 1.8)}" fill="${svg.radial(s.a, 0.3)}"/>`,
  );
  // Back half of the ring, the planet, then the front half.
  const clipTop = svg.id('cp');
  const clipBottom = svg.id('cp');
  svg.def(
    `<clipPath id="${clipTop}"><rect x="${f(-rad * 2)}" y="${f(-rad * 2)}" width="${f(rad * 4)}" height="${f(rad * 2)}"/></clipPath>`,
  );
  svg.def(
    `<clipPath id="${clipBottom}"><rect x="${f(-rad * 2)}" y="0" width="${f(rad * 4)}" height="${f(rad * 2)}"/></clipPath>`,
  );
  svg.add(
    `<g transform="translate(${f(cx)} ${f(cy)}) rotate(${f(tilt)})"><g clip-path="url(#${clipTop})">${ring}</g></g>`,
  );
  svg.add(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rad)}" fill="${body}"/>`);
  svg.add(
    `<g transform="translate(${f(cx)} ${f(cy)}) rotate(${f(tilt)})"><g clip-path="url(#${clipBottom})">${ring}</g></g>`,
  );
}

function bigFlowers(svg: Svg, s: Scheme, rng: Rng): void {
  const m = Math.min(svg.w, svg.h);
  const n = rng.int(2, 4);
  for (let i = 0; i < n; i++) {
    flower(
      svg,
      rng.next() * svg.w,
      rng.range(0.1, 0.8) * svg.h,
      m * rng.range(0.12, 0.3),
      rng.pick([s.a, '#ff8fb8', '#ffc2d6']),
      rng.range(0, 72),
      rng.range(0.55, 0.9),
    );
  }
}

function speedLines(svg: Svg, s: Scheme, rng: Rng, color?: string): void {
  const { w, h } = svg;
  const cx = rng.range(0.35, 0.65) * w;
  const cy = rng.range(0.35, 0.65) * h;
  const R = Math.hypot(w, h);
  const parts: string[] = [];
  const n = rng.int(40, 70);
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2 + rng.range(-0.03, 0.03);
    const inner = R * rng.range(0.18, 0.3);
    const spread = rng.range(0.004, 0.012);
    parts.push(
      `M${f(cx + Math.cos(a) * inner)} ${f(cy + Math.sin(a) * inner)} L${f(cx + Math.cos(a - spread) * R)} ${f(cy + Math.sin(a - spread) * R)} L${f(cx + Math.cos(a + spread) * R)} ${f(cy + Math.sin(a + spread) * R)} Z`,
    );
  }
  svg.add(
    `<path d="${parts.join(' ')}" fill="${color ?? s.b}" fill-opacity="${color ? 1 : 0.18}"/>`,
  );
}

type Motif = 'sunset' | 'skyline' | 'planet' | 'flowers' | 'waves' | 'rings' | 'speed';
const MOTIFS: readonly Motif[] = [
  'sunset',
  'skyline',
  'planet',
  'flowers',
  'waves',
  'rings',
  'speed',
];

function scene(
  svg: Svg,
  s: Scheme,
  rng: Rng,
  opts: { motif?: Motif; density?: number } = {},
): void {
  const density = opts.density ?? 1;
  background(svg, s, rng);
  glows(svg, s, rng, rng.int(2, 3));
  const motif = opts.motif ?? rng.pick(MOTIFS);
  if (rng.chance(0.45)) stripes(svg, s, rng);
  if (rng.chance(0.35)) halftone(svg, s, rng);
  if (motif === 'sunset' || motif === 'skyline' || motif === 'planet')
    sparkles(svg, s, rng, Math.round(30 * density));
  switch (motif) {
    case 'sunset':
      sunset(svg, s, rng);
      break;
    case 'skyline':
      planet(svg, s, rng);
      skyline(svg, s, rng);
      break;
    case 'planet':
      planet(svg, s, rng);
      waves(svg, s, rng, 2, 0.75);
      break;
    case 'flowers':
      bigFlowers(svg, s, rng);
      petals(svg, s, rng, Math.round(28 * density));
      break;
    case 'waves':
      rings(svg, s, rng);
      waves(svg, s, rng, rng.int(3, 4), 0.5);
      petals(svg, s, rng, Math.round(12 * density), 0.8);
      break;
    case 'rings':
      rings(svg, s, rng);
      sparkles(svg, s, rng, Math.round(20 * density));
      petals(svg, s, rng, Math.round(10 * density));
      break;
    case 'speed':
      speedLines(svg, s, rng);
      bigFlowers(svg, s, rng);
      sparkles(svg, s, rng, Math.round(14 * density));
      break;
  }
}

/** A darkening band behind titles so they stay readable on any scene. */
function titleScrim(svg: Svg, fromY: number): void {
  const fill = svg.linear(
    [
      [0, PALETTE.ink, 0],
      [1, PALETTE.ink, 0.75],
    ],
    90,
  );
  svg.add(
    `<rect x="0" y="${f(fromY)}" width="${svg.w}" height="${f(svg.h - fromY)}" fill="${fill}"/>`,
  );
}

// ---------------------------------------------------------------- output

export type ArtFormat = 'webp' | 'png';

export interface Art {
  data: Buffer;
  width: number;
  height: number;
  /** 'image/webp', 'image/png' or 'image/gif'. */
  contentType: string;
  /** A colour to show while the image loads (#rrggbb). */
  placeholder: string;
  /** The SVG the still image was rendered from (absent for animations). */
  svg?: string;
  /** The decoded pixels of a still image (RGB), so variants need no decoding or second render. */
  raw?: { data: Buffer; width: number; height: number; channels: 3 };
}

/** WebP settings of generated art: effort 2 is nearly as small as 4 at half the time. */
const WEBP = { quality: 82, effort: 2 } as const;
/**
 * Manga pages: effort 0 encodes a 900 x 1350 page in ~35 ms instead of ~55 ms, for ~110 KB
 * instead of ~85 KB. The demo draws about 200 of them, so the time matters more.
 */
const PAGE_WEBP = { quality: 82, effort: 0 } as const;

async function render(
  svg: Svg,
  placeholder: string,
  format: ArtFormat = 'webp',
  webp: { quality: number; effort: number } = WEBP,
): Promise<Art> {
  const source = svg.toString();
  const pixels = await sharp(Buffer.from(source))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = {
    data: pixels.data,
    width: pixels.info.width,
    height: pixels.info.height,
    channels: 3 as const,
  };
  const img = sharp(raw.data, { raw });
  const data =
    format === 'png'
      ? await img.png({ compressionLevel: 6 }).toBuffer()
      : await img.webp(webp).toBuffer();
  return {
    data,
    width: svg.w,
    height: svg.h,
    contentType: format === 'png' ? 'image/png' : 'image/webp',
    placeholder,
    svg: source,
    raw,
  };
}

/**
 * The artwork at `width` px (height keeps the ratio) as WebP, scaled from its pixels
 * (or drawn again from its SVG): no decoding of the encoded image. The art's own
 * bytes when `width` is its width and it is WebP.
 */
export async function renderArtVariant(
  art: Art,
  width: number,
): Promise<{ data: Buffer; width: number; height: number }> {
  const w = Math.max(1, Math.round(width));
  const h = Math.max(1, Math.round((art.height * w) / art.width));
  if (w === art.width && art.contentType === 'image/webp')
    return { data: art.data, width: art.width, height: art.height };
  let img: Sharp;
  if (art.raw) img = sharp(art.raw.data, { raw: art.raw }).resize(w, h, { fit: 'fill' });
  else if (art.svg)
    img = sharp(
      Buffer.from(
        art.svg.replace(
          /^<svg([^>]*?) width="\d+" height="\d+"/,
          `<svg$1 width="${w}" height="${h}"`,
        ),
      ),
    ).removeAlpha();
  else img = sharp(art.data, { animated: true }).resize({ width: w });
  const data = await img.webp(WEBP).toBuffer();
  return { data, width: w, height: h };
}

function clampSize(v: number): number {
  return Math.max(16, Math.min(4096, Math.round(v)));
}

// ---------------------------------------------------------------- public art

export interface PostArtOptions {
  width: number;
  height: number;
  title?: string;
  format?: ArtFormat;
}

/** Artwork for an image post: a layered scene with an optional bold title. */
export async function postArt(seed: string | number, opts: PostArtOptions): Promise<Art> {
  const rng = createRng(`post:${seed}`);
  const s = scheme(rng);
  const svg = new Svg(clampSize(opts.width), clampSize(opts.height));
  scene(svg, s, rng);
  if (opts.title) {
    const pad = svg.w * 0.06;
    const size = Math.min(svg.w, svg.h) * 0.11;
    const probe = textBlock(opts.title, {
      x: pad,
      y: 0,
      maxWidth: svg.w - pad * 2,
      size,
      maxLines: 3,
      fill: s.title,
    });
    const top = svg.h - pad - probe.height;
    titleScrim(svg, top - svg.h * 0.12);
    svg.add(
      `<rect x="${f(pad)}" y="${f(top - size * 0.55)}" width="${f(size * 1.6)}" height="${f(Math.max(3, size * 0.16))}" rx="${f(size * 0.08)}" fill="${s.a}"/>`,
    );
    svg.add(
      textBlock(opts.title, {
        x: pad,
        y: top,
        maxWidth: svg.w - pad * 2,
        size,
        maxLines: 3,
        fill: s.title,
        outline: PALETTE.ink,
        shadow: s.a,
      }).svg,
    );
  }
  return render(svg, backdropColour(s), opts.format);
}

/** A 1500x500 profile or community banner: waves, glows and sparkles, no text. */
export async function bannerArt(
  seed: string | number,
  opts: { width?: number; height?: number; format?: ArtFormat } = {},
): Promise<Art> {
  const rng = createRng(`banner:${seed}`);
  const s = scheme(rng);
  const svg = new Svg(clampSize(opts.width ?? 1500), clampSize(opts.height ?? 500));
  background(svg, s, rng);
  glows(svg, s, rng, 4);
  if (rng.chance(0.5)) stripes(svg, s, rng);
  sparkles(svg, s, rng, 40);
  if (rng.chance(0.5)) planet(svg, s, rng);
  else rings(svg, s, rng);
  waves(svg, s, rng, 3, 0.55);
  petals(svg, s, rng, 24);
  return render(svg, backdropColour(s), opts.format);
}

/** Initials from a display name: "Mika Tanabe" gives "MT". */
export function initialsOf(name: string): string {
  const words = name
    .normalize('NFD')
    .replace(/[^A-Za-z0-9 ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const first = words[0]?.[0] ?? '?';
  const second = words.length > 1 ? words[words.length - 1]![0]! : (words[0]?.[1] ?? '');
  return (first + second).toUpperCase();
}

/** A square profile picture: gradient, rings or petals, and the initials. */
export async function avatarArt(
  seed: string | number,
  initials: string,
  opts: { size?: number; format?: ArtFormat } = {},
): Promise<Art> {
  const rng = createRng(`avatar:${seed}`);
  const s = scheme(rng);
  const size = clampSize(opts.size ?? 256);
  const svg = new Svg(size, size);
  const fill = svg.linear(
    [
      [0, mix(s.a, PALETTE.ink, 0.35)],
      [1, mix(s.b, PALETTE.ink, 0.55)],
    ],
    rng.range(30, 150),
  );
  svg.addBack(`<rect width="${size}" height="${size}" fill="${fill}"/>`);
  glows(svg, s, rng, 2);
  const style = rng.int(0, 2);
  if (style === 0) rings(svg, s, rng);
  else if (style === 1) petals(svg, s, rng, 10, 2);
  else sparkles(svg, s, rng, 14);
  const text = initials.slice(0, 2) || '?';
  svg.add(
    textBlock(text, {
      x: size / 2,
      y: size * 0.33,
      maxWidth: size * 0.78,
      size: size * 0.34,
      maxLines: 1,
      align: 'middle',
      fill: PALETTE.text,
      outline: PALETTE.ink,
      weight: 0.22,
    }).svg,
  );
  return render(svg, mix(s.a, PALETTE.ink, 0.45), opts.format);
}

/** A square community picture: a scene with a badge and the community's name. */
export async function communityArt(
  seed: string | number,
  name: string,
  opts: { size?: number; format?: ArtFormat } = {},
): Promise<Art> {
  const rng = createRng(`community:${seed}`);
  const s = scheme(rng);
  const size = clampSize(opts.size ?? 512);
  const svg = new Svg(size, size);
  scene(svg, s, rng, { density: 0.7 });
  const pad = size * 0.08;
  const block = textBlock(name, {
    x: size / 2,
    y: 0,
    maxWidth: size - pad * 2,
    size: size * 0.12,
    maxLines: 3,
    align: 'middle',
    fill: PALETTE.text,
  });
  const top = size - pad - block.height;
  titleScrim(svg, top - size * 0.2);
  svg.add(
    textBlock(name, {
      x: size / 2,
      y: top,
      maxWidth: size - pad * 2,
      size: size * 0.12,
      maxLines: 3,
      align: 'middle',
      fill: PALETTE.text,
      outline: PALETTE.ink,
      shadow: s.a,
    }).svg,
  );
  return render(svg, backdropColour(s), opts.format);
}

/** A portrait cover (default 600x900) for a media entry, with its title. */
export async function mediaCoverArt(
  seed: string | number,
  title: string,
  opts: { width?: number; height?: number; format?: ArtFormat } = {},
): Promise<Art> {
  const rng = createRng(`cover:${seed}`);
  const s = scheme(rng);
  const svg = new Svg(clampSize(opts.width ?? 600), clampSize(opts.height ?? 900));
  const { w, h } = svg;
  scene(svg, s, rng, {
    motif: rng.pick(['sunset', 'skyline', 'planet', 'flowers', 'speed'] as const),
  });
  // Frame and a top label strip like a volume cover.
  const inset = w * 0.04;
  svg.add(
    `<rect x="${f(inset)}" y="${f(inset)}" width="${f(w - inset * 2)}" height="${f(h - inset * 2)}" rx="${f(w * 0.03)}" fill="none" stroke="${PALETTE.text}" stroke-opacity="0.5" stroke-width="${f(w * 0.006)}"/>`,
  );
  svg.add(
    `<rect x="${f(inset * 2)}" y="${f(inset * 2)}" width="${f(w * 0.22)}" height="${f(w * 0.05)}" rx="${f(w * 0.025)}" fill="${s.a}"/>`,
  );
  const pad = w * 0.09;
  const size = w * 0.13;
  const probe = textBlock(title, {
    x: pad,
    y: 0,
    maxWidth: w - pad * 2,
    size,
    maxLines: 3,
    fill: s.title,
  });
  const top = h - pad - probe.height;
  titleScrim(svg, top - h * 0.15);
  svg.add(
    textBlock(title, {
      x: pad,
      y: top,
      maxWidth: w - pad * 2,
      size,
      maxLines: 3,
      fill: s.title,
      outline: PALETTE.ink,
      shadow: s.a,
    }).svg,
  );
  return render(svg, backdropColour(s), opts.format);
}

/** Panel layouts of a portrait manga page (3–5 panels), as rows of relative column widths. */
const PAGE_LAYOUTS: ReadonlyArray<ReadonlyArray<ReadonlyArray<number>>> = [
  [[1], [1, 1], [1]],
  [[1, 1], [1], [2, 1]],
  [[1], [1, 2]],
  [[2, 1], [1], [1, 1]],
  [[1], [1], [1, 1]],
  [
    [1, 1],
    [1, 1],
  ],
  [[1], [2, 1], [1]],
];

/** Layouts of a landscape double-page spread: a panorama on top, small panels under it. */
const SPREAD_LAYOUTS: ReadonlyArray<ReadonlyArray<ReadonlyArray<number>>> = [
  [[1], [1, 1, 1]],
  [[1], [2, 1, 1, 2]],
  [[1], [1, 2, 1]],
];

export interface MangaPageOptions {
  /** Default 800 x 1200; a landscape size (width > height) draws a double-page spread. */
  width?: number;
  height?: number;
  format?: ArtFormat;
  /** The series title, printed small in the top margin. */
  title?: string;
}

/**
 * A manga page (default 800x1200): paper, 3–5 panels (speed lines, screentone hills, a
 * round-faced silhouette, impact bursts, hatching and petals, a gradient sky over rooftops),
 * speech balloons, the series title small at the top and a big page number in a tab at the
 * bottom. Each page number gets its own layout and colours, so turning a page visibly
 * changes it. A landscape size draws a double-page spread: a panorama across both halves
 * over a row of small panels, with the fold shaded in the middle.
 */
export async function mangaPageArt(
  seed: string | number,
  page: number,
  opts: MangaPageOptions = {},
): Promise<Art> {
  const rng = createRng(`page:${seed}:${page}`);
  const s = scheme(rng);
  const svg = new Svg(clampSize(opts.width ?? 800), clampSize(opts.height ?? 1200));
  const { w, h } = svg;
  const spread = w > h;
  /** Sizes relative to one page's width (half a spread). */
  const u = spread ? w / 2 : w;
  const paper = mix('#f5f2ea', s.a, 0.04);
  const inkc = '#15161c';
  svg.addBack(`<rect width="${w}" height="${h}" fill="${paper}"/>`);
  const margin = u * 0.06;
  const gutter = u * 0.025;
  const top = margin * 1.25;
  const bottom = margin * 2;
  const layouts = spread ? SPREAD_LAYOUTS : PAGE_LAYOUTS;
  const layout = layouts[(hashSeed(`${seed}`) + page) % layouts.length]!;
  const rowWeights = layout.map((_, ri) => (spread && ri === 0 ? 1.9 : rng.range(0.8, 1.3)));
  const totalWeight = rowWeights.reduce((a, b) => a + b, 0);
  const usableH = h - top - bottom - gutter * (layout.length - 1);
  let y = top;
  const tone = svg.id('tone');
  // Screentone: a pattern tile of 16x16 dots (tiny tiles are very slow to render).
  const step = u * 0.014;
  const toneDots: string[] = [];
  for (let ty = 0; ty < 16; ty++) {
    for (let tx = 0; tx < 16; tx++)
      toneDots.push(
        `<circle cx="${f(tx * step + step / 2, 2)}" cy="${f(ty * step + step / 2, 2)}" r="${f(step / 4, 2)}"/>`,
      );
  }
  svg.def(
    `<pattern id="${tone}" width="${f(step * 16, 2)}" height="${f(step * 16, 2)}" patternUnits="userSpaceOnUse"><g fill="${inkc}" fill-opacity="0.55">${toneDots.join('')}</g></pattern>`,
  );
  // A soft wash of the page's accents that some panels lie on.
  const wash = svg.linear(
    [
      [0, mix(paper, s.a, 0.28)],
      [1, mix(paper, s.b, 0.18)],
    ],
    rng.range(30, 150),
  );
  let panelIndex = 0;
  layout.forEach((cols, ri) => {
    const rowH = (usableH * rowWeights[ri]!) / totalWeight;
    const colTotal = cols.reduce((a, b) => a + b, 0);
    const usableW = w - margin * 2 - gutter * (cols.length - 1);
    let x = margin;
    cols.forEach((cw) => {
      const pw = (usableW * cw) / colTotal;
      const clip = svg.id('pc');
      svg.def(
        `<clipPath id="${clip}"><rect x="${f(x)}" y="${f(y)}" width="${f(pw)}" height="${f(rowH)}"/></clipPath>`,
      );
      const inner: string[] = [];
      // The spread's panorama is always a sky; one panel in three of a page is too.
      const kind = spread && panelIndex === 0 ? 5 : rng.int(0, 5);
      panelIndex++;
      const cx = x + pw * rng.range(0.3, 0.7);
      const cy = y + rowH * rng.range(0.35, 0.65);
      if (kind !== 5 && rng.chance(0.45))
        inner.push(
          `<rect x="${f(x)}" y="${f(y)}" width="${f(pw)}" height="${f(rowH)}" fill="${wash}"/>`,
        );
      if (kind === 0) {
        // Speed lines towards a focus point.
        const parts: string[] = [];
        const R = Math.hypot(pw, rowH);
        for (let i = 0; i < 44; i++) {
          const a = (i / 44) * Math.PI * 2 + rng.range(-0.04, 0.04);
          const r0 = R * rng.range(0.15, 0.3);
          parts.push(
            `M${f(cx + Math.cos(a) * r0)} ${f(cy + Math.sin(a) * r0)} L${f(cx + Math.cos(a - 0.015) * R)} ${f(cy + Math.sin(a - 0.015) * R)} L${f(cx + Math.cos(a + 0.015) * R)} ${f(cy + Math.sin(a + 0.015) * R)} Z`,
          );
        }
        inner.push(`<path d="${parts.join(' ')}" fill="${inkc}"/>`);
      } else if (kind === 1) {
        // Screentone sky and a horizon of hills.
        inner.push(
          `<rect x="${f(x)}" y="${f(y)}" width="${f(pw)}" height="${f(rowH)}" fill="url(#${tone})"/>`,
        );
        inner.push(
          `<path d="M${f(x)} ${f(y + rowH * 0.7)} Q${f(x + pw * 0.3)} ${f(y + rowH * 0.5)} ${f(x + pw * 0.55)} ${f(y + rowH * 0.68)} T${f(x + pw)} ${f(y + rowH * 0.62)} L${f(x + pw)} ${f(y + rowH)} L${f(x)} ${f(y + rowH)} Z" fill="${paper}" stroke="${inkc}" stroke-width="${f(u * 0.004)}"/>`,
        );
        inner.push(
          `<circle cx="${f(x + pw * 0.75)}" cy="${f(y + rowH * 0.28)}" r="${f(Math.min(pw, rowH) * 0.12)}" fill="${paper}" stroke="${inkc}" stroke-width="${f(u * 0.004)}"/>`,
        );
      } else if (kind === 2) {
        // A simple round character silhouette with a spiky fringe.
        const r0 = Math.min(pw, rowH) * 0.24;
        inner.push(
          `<rect x="${f(x)}" y="${f(y)}" width="${f(pw)}" height="${f(rowH)}" fill="url(#${tone})" fill-opacity="0.6"/>`,
        );
        inner.push(
          `<ellipse cx="${f(cx)}" cy="${f(cy + r0 * 2.1)}" rx="${f(r0 * 1.5)}" ry="${f(r0 * 1.2)}" fill="${inkc}"/>`,
        );
        inner.push(
          `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r0)}" fill="${paper}" stroke="${inkc}" stroke-width="${f(u * 0.005)}"/>`,
        );
        const spikes: string[] = [];
        for (let i = 0; i <= 6; i++) {
          const a = Math.PI + (i / 6) * Math.PI;
          spikes.push(
            `${f(cx + Math.cos(a) * r0 * 1.15)} ${f(cy + Math.sin(a) * r0 * 1.15 + (i % 2 ? r0 * 0.45 : 0))}`,
          );
        }
        inner.push(
          `<path d="M${f(cx - r0 * 1.05)} ${f(cy + r0 * 0.2)} L${spikes.join(' L')} L${f(cx + r0 * 1.05)} ${f(cy + r0 * 0.2)} Q${f(cx)} ${f(cy - r0 * 0.4)} ${f(cx - r0 * 1.05)} ${f(cy + r0 * 0.2)} Z" fill="${inkc}"/>`,
        );
        inner.push(
          `<ellipse cx="${f(cx - r0 * 0.35)}" cy="${f(cy + r0 * 0.25)}" rx="${f(r0 * 0.12)}" ry="${f(r0 * 0.2)}" fill="${inkc}"/><ellipse cx="${f(cx + r0 * 0.35)}" cy="${f(cy + r0 * 0.25)}" rx="${f(r0 * 0.12)}" ry="${f(r0 * 0.2)}" fill="${inkc}"/>`,
        );
      } else if (kind === 3) {
        // Impact burst with one accent colour.
        const burst: string[] = [];
        const n = 14;
        const R = Math.min(pw, rowH) * 0.38;
        for (let i = 0; i < n * 2; i++) {
          const a = (i / (n * 2)) * Math.PI * 2;
          const rr = i % 2 ? R * 0.5 : R * rng.range(0.85, 1.1);
          burst.push(`${f(cx + Math.cos(a) * rr)} ${f(cy + Math.sin(a) * rr)}`);
        }
        inner.push(
          `<path d="M${burst.join(' L')} Z" fill="${mix(s.a, paper, 0.35)}" stroke="${inkc}" stroke-width="${f(u * 0.005)}"/>`,
        );
      } else if (kind === 4) {
        // Diagonal hatching and falling petals.
        const lines: string[] = [];
        for (let i = -10; i < 30; i++)
          lines.push(
            `M${f(x + i * pw * 0.06)} ${f(y)} L${f(x + i * pw * 0.06 - rowH)} ${f(y + rowH)}`,
          );
        inner.push(
          `<path d="${lines.join(' ')}" stroke="${inkc}" stroke-opacity="0.25" stroke-width="${f(u * 0.003)}"/>`,
        );
        for (let i = 0; i < 8; i++) {
          const size = Math.min(pw, rowH) * rng.range(0.03, 0.06);
          inner.push(
            `<path d="${PETAL}" fill="${paper}" stroke="${inkc}" stroke-width="${f(0.08, 2)}" transform="translate(${f(x + rng.next() * pw)} ${f(y + rng.next() * rowH)}) rotate(${f(rng.range(0, 360))}) scale(${f(size, 2)})"/>`,
          );
        }
      } else {
        // A gradient sky, a big moon or sun, and a row of rooftops in ink.
        const sky = svg.linear(
          [
            [0, mix(s.bg0, s.a, 0.35)],
            [0.6, mix(s.a, s.c, 0.5)],
            [1, mix(paper, s.c, 0.5)],
          ],
          90,
        );
        inner.push(
          `<rect x="${f(x)}" y="${f(y)}" width="${f(pw)}" height="${f(rowH)}" fill="${sky}"/>`,
        );
        const r0 = Math.min(pw, rowH) * rng.range(0.16, 0.26);
        inner.push(
          `<circle cx="${f(x + pw * rng.range(0.2, 0.8))}" cy="${f(y + rowH * 0.38)}" r="${f(r0)}" fill="${mix(paper, s.c, 0.25)}" stroke="${inkc}" stroke-width="${f(u * 0.004)}"/>`,
        );
        const roofs: string[] = [`M${f(x)} ${f(y + rowH)}`];
        let rx = x;
        while (rx < x + pw) {
          const bw = u * rng.range(0.05, 0.12);
          const bh = rowH * rng.range(0.18, 0.42);
          roofs.push(`L${f(rx)} ${f(y + rowH - bh)} L${f(rx + bw)} ${f(y + rowH - bh)}`);
          rx += bw;
        }
        roofs.push(`L${f(rx)} ${f(y + rowH)} Z`);
        inner.push(`<path d="${roofs.join(' ')}" fill="${inkc}"/>`);
        const windows: string[] = [];
        for (let i = 0; i < Math.round(pw / (u * 0.04)); i++)
          windows.push(
            `<rect x="${f(x + rng.next() * pw)}" y="${f(y + rowH * rng.range(0.75, 0.95))}" width="${f(u * 0.012)}" height="${f(u * 0.016)}"/>`,
          );
        inner.push(`<g fill="${mix(s.c, '#ffffff', 0.4)}">${windows.join('')}</g>`);
      }
      // A speech balloon with "text" lines in some panels.
      if (rng.chance(spread && panelIndex === 1 ? 1 : 0.6)) {
        const bw = Math.min(pw * 0.42, u * 0.24);
        const bh = bw * 0.62;
        const bx = x + rng.range(0.05, 0.95) * (pw - bw);
        const by = y + rowH * 0.06;
        const lines: string[] = [];
        for (let i = 0; i < 3; i++) {
          const lw = bw * (0.6 - i * 0.12);
          lines.push(
            `M${f(bx + bw / 2 - lw / 2)} ${f(by + bh * (0.35 + i * 0.16))} L${f(bx + bw / 2 + lw / 2)} ${f(by + bh * (0.35 + i * 0.16))}`,
          );
        }
        inner.push(
          `<path d="M${f(bx + bw * 0.45)} ${f(by + bh * 0.9)} L${f(bx + bw * 0.4)} ${f(by + bh * 1.25)} L${f(bx + bw * 0.6)} ${f(by + bh * 0.9)} Z" fill="#ffffff" stroke="${inkc}" stroke-width="${f(u * 0.004)}"/>`,
          `<ellipse cx="${f(bx + bw / 2)}" cy="${f(by + bh / 2)}" rx="${f(bw / 2)}" ry="${f(bh / 2)}" fill="#ffffff" stroke="${inkc}" stroke-width="${f(u * 0.004)}"/>`,
          `<path d="${lines.join(' ')}" stroke="${inkc}" stroke-opacity="0.7" stroke-width="${f(u * 0.008)}" stroke-linecap="round"/>`,
        );
      }
      svg.add(`<g clip-path="url(#${clip})">${inner.join('')}</g>`);
      svg.add(
        `<rect x="${f(x)}" y="${f(y)}" width="${f(pw)}" height="${f(rowH)}" fill="none" stroke="${inkc}" stroke-width="${f(u * 0.007)}"/>`,
      );
      x += pw + gutter;
    });
    y += rowH + gutter;
  });
  if (spread) {
    // The fold: a soft shadow down the middle.
    const fold = svg.linear(
      [
        [0, inkc, 0],
        [0.5, inkc, 0.22],
        [1, inkc, 0],
      ],
      0,
    );
    svg.add(
      `<rect x="${f(w / 2 - u * 0.03)}" y="0" width="${f(u * 0.06)}" height="${h}" fill="${fold}"/>`,
    );
  }
  if (opts.title)
    svg.add(
      textBlock(opts.title, {
        x: margin,
        y: margin * 0.45,
        maxWidth: u * 0.6,
        size: u * 0.017,
        maxLines: 1,
        fill: mix(inkc, paper, 0.45),
        weight: 0.14,
      }).svg,
    );
  // The page number, big, in an accent tab at the bottom.
  const number = textBlock(String(page), {
    x: w / 2,
    y: h - bottom + margin * 0.55,
    maxWidth: u * 0.3,
    size: u * 0.042,
    maxLines: 1,
    align: 'middle',
    fill: '#ffffff',
    weight: 0.2,
  });
  const tabW = number.width + u * 0.07;
  const tabH = number.height + u * 0.036;
  svg.add(
    `<rect x="${f(w / 2 - tabW / 2)}" y="${f(h - bottom + margin * 0.55 - u * 0.018)}" width="${f(tabW)}" height="${f(tabH)}" rx="${f(tabH / 2)}" fill="${mix(s.a, inkc, 0.25)}"/>`,
  );
  svg.add(number.svg);
  return render(svg, paper, opts.format, PAGE_WEBP);
}

export type ShopItemKind = 'figure' | 'poster' | 'plush' | 'stand' | 'artbook';

/** A product shot (default 800x800): studio backdrop, a figure, poster, plush, acrylic stand or art book, and a name tag. */
export async function shopItemArt(
  seed: string | number,
  name: string,
  opts: { size?: number; kind?: ShopItemKind; format?: ArtFormat } = {},
): Promise<Art> {
  const rng = createRng(`shop:${seed}`);
  const s = scheme(rng);
  const size = clampSize(opts.size ?? 800);
  const svg = new Svg(size, size);
  const u = size / 100;
  const kind: ShopItemKind =
    opts.kind ?? rng.pick(['figure', 'poster', 'plush', 'stand', 'artbook'] as const);
  const studio = svg.linear(
    [
      [0, mix(PALETTE.surface2, s.a, 0.18)],
      [0.62, mix(PALETTE.surface, s.b, 0.12)],
      [0.62, mix(PALETTE.surface, s.b, 0.22)],
      [1, mix(PALETTE.ink, s.b, 0.1)],
    ],
    90,
  );
  svg.addBack(`<rect width="${size}" height="${size}" fill="${studio}"/>`);
  svg.addBack(
    `<circle cx="${f(50 * u)}" cy="${f(40 * u)}" r="${f(45 * u)}" fill="${svg.radial(s.a, 0.3)}"/>`,
  );
  sparkles(svg, s, rng, 12);
  svg.add(
    `<ellipse cx="${f(50 * u)}" cy="${f(78 * u)}" rx="${f(28 * u)}" ry="${f(4.5 * u)}" fill="${PALETTE.ink}" fill-opacity="0.55"/>`,
  );
  const body = svg.linear(
    [
      [0, mix(s.a, '#ffffff', 0.2)],
      [1, mix(s.a, PALETTE.ink, 0.25)],
    ],
    60,
  );
  const second = svg.linear(
    [
      [0, mix(s.b, '#ffffff', 0.2)],
      [1, mix(s.b, PALETTE.ink, 0.3)],
    ],
    60,
  );
  const hair = mix(s.c, PALETTE.ink, 0.15);
  const skin = '#ffe2d2';
  const eye = PALETTE.ink;
  if (kind === 'figure') {
    svg.add(
      `<ellipse cx="${f(50 * u)}" cy="${f(76 * u)}" rx="${f(20 * u)}" ry="${f(4 * u)}" fill="${second}"/>`,
    );
    svg.add(
      `<rect x="${f(30 * u)}" y="${f(72 * u)}" width="${f(40 * u)}" height="${f(4 * u)}" fill="${second}"/>`,
    );
    svg.add(
      `<ellipse cx="${f(50 * u)}" cy="${f(72 * u)}" rx="${f(20 * u)}" ry="${f(4 * u)}" fill="${mix(s.b, '#ffffff', 0.35)}"/>`,
    );
    svg.add(
      `<path d="M${f(41 * u)} ${f(71 * u)} L${f(44 * u)} ${f(52 * u)} L${f(56 * u)} ${f(52 * u)} L${f(59 * u)} ${f(71 * u)} Z" fill="${body}"/>`,
    );
    svg.add(
      `<path d="M${f(38 * u)} ${f(60 * u)} L${f(50 * u)} ${f(40 * u)} L${f(62 * u)} ${f(60 * u)} Z" fill="${body}"/>`,
    );
    svg.add(
      `<path d="M${f(36 * u)} ${f(58 * u)} Q${f(31 * u)} ${f(48 * u)} ${f(37 * u)} ${f(42 * u)}" stroke="${skin}" stroke-width="${f(2.6 * u)}" stroke-linecap="round" fill="none"/>`,
    );
    svg.add(
      `<path d="M${f(64 * u)} ${f(58 * u)} Q${f(70 * u)} ${f(46 * u)} ${f(66 * u)} ${f(36 * u)}" stroke="${skin}" stroke-width="${f(2.6 * u)}" stroke-linecap="round" fill="none"/>`,
    );
    svg.add(`<circle cx="${f(50 * u)}" cy="${f(32 * u)}" r="${f(10 * u)}" fill="${skin}"/>`);
    svg.add(
      `<path d="M${f(39 * u)} ${f(34 * u)} Q${f(38 * u)} ${f(19 * u)} ${f(50 * u)} ${f(20 * u)} Q${f(63 * u)} ${f(19 * u)} ${f(61 * u)} ${f(36 * u)} L${f(58 * u)} ${f(28 * u)} L${f(55 * u)} ${f(31 * u)} L${f(51 * u)} ${f(26 * u)} L${f(46 * u)} ${f(31 * u)} L${f(43 * u)} ${f(27 * u)} Z" fill="${hair}"/>`,
    );
    svg.add(
      `<path d="M${f(39 * u)} ${f(33 * u)} Q${f(34 * u)} ${f(48 * u)} ${f(38 * u)} ${f(56 * u)} L${f(41 * u)} ${f(40 * u)} Z" fill="${hair}"/>`,
    );
    svg.add(
      `<ellipse cx="${f(46 * u)}" cy="${f(34 * u)}" rx="${f(1.3 * u)}" ry="${f(2 * u)}" fill="${eye}"/><ellipse cx="${f(54 * u)}" cy="${f(34 * u)}" rx="${f(1.3 * u)}" ry="${f(2 * u)}" fill="${eye}"/>`,
    );
  } else if (kind === 'poster') {
    const tilt = rng.range(-6, 6);
    const grad = svg.linear(
      [
        [0, mix(s.a, PALETTE.ink, 0.2)],
        [1, mix(s.b, PALETTE.ink, 0.5)],
      ],
      70,
    );
    const stars: string[] = [];
    for (let i = 0; i < 10; i++)
      stars.push(
        `<path d="${SPARKLE}" transform="translate(${f(rng.range(-18, 18) * u)} ${f(rng.range(-28, 10) * u)}) scale(${f(rng.range(0.6, 1.6) * u, 2)})"/>`,
      );
    svg.add(
      `<g transform="translate(${f(50 * u)} ${f(45 * u)}) rotate(${f(tilt)})"><rect x="${f(-23 * u)}" y="${f(-32 * u)}" width="${f(46 * u)}" height="${f(64 * u)}" fill="#f5f2ea"/><rect x="${f(-21 * u)}" y="${f(-30 * u)}" width="${f(42 * u)}" height="${f(60 * u)}" fill="${grad}"/><circle cx="${f(6 * u)}" cy="${f(-10 * u)}" r="${f(11 * u)}" fill="${mix(s.c, '#ffffff', 0.2)}" fill-opacity="0.9"/><path d="M${f(-21 * u)} ${f(16 * u)} Q${f(-8 * u)} ${f(6 * u)} ${f(4 * u)} ${f(14 * u)} T${f(21 * u)} ${f(10 * u)} L${f(21 * u)} ${f(30 * u)} L${f(-21 * u)} ${f(30 * u)} Z" fill="${mix(s.a, PALETTE.ink, 0.4)}"/><g fill="#ffffff" fill-opacity="0.85">${stars.join('')}</g></g>`,
    );
  } else if (kind === 'plush') {
    // A round bear-like plush in pastel (never yellow), with round ears.
    const fur = rng.pick(['#ffc2d6', '#d9c8ff', '#bfeedd', '#c6d8ff', '#ffd9c4', '#f2f0f7']);
    const innerEar = mix(fur, PALETTE.accent, 0.35);
    svg.add(
      `<ellipse cx="${f(50 * u)}" cy="${f(63 * u)}" rx="${f(20 * u)}" ry="${f(15 * u)}" fill="${fur}"/>`,
    );
    svg.add(
      `<circle cx="${f(35 * u)}" cy="${f(27 * u)}" r="${f(7 * u)}" fill="${fur}"/><circle cx="${f(65 * u)}" cy="${f(27 * u)}" r="${f(7 * u)}" fill="${fur}"/>`,
    );
    svg.add(
      `<circle cx="${f(35 * u)}" cy="${f(27 * u)}" r="${f(4 * u)}" fill="${innerEar}"/><circle cx="${f(65 * u)}" cy="${f(27 * u)}" r="${f(4 * u)}" fill="${innerEar}"/>`,
    );
    svg.add(
      `<ellipse cx="${f(50 * u)}" cy="${f(64 * u)}" rx="${f(11 * u)}" ry="${f(9 * u)}" fill="#ffffff" fill-opacity="0.45"/>`,
    );
    svg.add(
      `<ellipse cx="${f(50 * u)}" cy="${f(40 * u)}" rx="${f(20 * u)}" ry="${f(16 * u)}" fill="${fur}"/>`,
    );
    svg.add(
      `<circle cx="${f(43 * u)}" cy="${f(40 * u)}" r="${f(2.4 * u)}" fill="${eye}"/><circle cx="${f(57 * u)}" cy="${f(40 * u)}" r="${f(2.4 * u)}" fill="${eye}"/>`,
    );
    svg.add(
      `<circle cx="${f(43.8 * u)}" cy="${f(39.2 * u)}" r="${f(0.8 * u)}" fill="#ffffff"/><circle cx="${f(57.8 * u)}" cy="${f(39.2 * u)}" r="${f(0.8 * u)}" fill="#ffffff"/>`,
    );
    svg.add(
      `<path d="M${f(47 * u)} ${f(45 * u)} Q${f(48.5 * u)} ${f(47 * u)} ${f(50 * u)} ${f(45 * u)} Q${f(51.5 * u)} ${f(47 * u)} ${f(53 * u)} ${f(45 * u)}" stroke="${eye}" stroke-width="${f(0.8 * u)}" fill="none" stroke-linecap="round"/>`,
    );
    svg.add(
      `<ellipse cx="${f(38 * u)}" cy="${f(45 * u)}" rx="${f(3 * u)}" ry="${f(1.6 * u)}" fill="${PALETTE.accent}" fill-opacity="0.5"/><ellipse cx="${f(62 * u)}" cy="${f(45 * u)}" rx="${f(3 * u)}" ry="${f(1.6 * u)}" fill="${PALETTE.accent}" fill-opacity="0.5"/>`,
    );
    svg.add(
      `<ellipse cx="${f(38 * u)}" cy="${f(74 * u)}" rx="${f(6 * u)}" ry="${f(3.5 * u)}" fill="${fur}"/><ellipse cx="${f(62 * u)}" cy="${f(74 * u)}" rx="${f(6 * u)}" ry="${f(3.5 * u)}" fill="${fur}"/>`,
    );
  } else if (kind === 'stand') {
    svg.add(
      `<ellipse cx="${f(50 * u)}" cy="${f(75 * u)}" rx="${f(16 * u)}" ry="${f(3.5 * u)}" fill="#dfe8ff" fill-opacity="0.55" stroke="#ffffff" stroke-opacity="0.6" stroke-width="${f(0.4 * u)}"/>`,
    );
    svg.add(
      `<rect x="${f(32 * u)}" y="${f(16 * u)}" width="${f(36 * u)}" height="${f(58 * u)}" rx="${f(6 * u)}" fill="#dfe8ff" fill-opacity="0.18" stroke="#ffffff" stroke-opacity="0.55" stroke-width="${f(0.5 * u)}"/>`,
    );
    flower(svg, 50 * u, 36 * u, 16 * u, s.a, rng.range(0, 72), 0.95);
    svg.add(
      `<path d="${STAR5}" fill="${s.c}" transform="translate(${f(50 * u)} ${f(58 * u)}) scale(${f(8 * u, 2)})"/>`,
    );
    svg.add(
      `<path d="M${f(35 * u)} ${f(20 * u)} L${f(40 * u)} ${f(20 * u)} L${f(35 * u)} ${f(30 * u)} Z" fill="#ffffff" fill-opacity="0.35"/>`,
    );
  } else {
    svg.add(
      `<path d="M${f(26 * u)} ${f(24 * u)} L${f(70 * u)} ${f(20 * u)} L${f(76 * u)} ${f(72 * u)} L${f(30 * u)} ${f(76 * u)} Z" fill="#f5f2ea"/>`,
    );
    svg.add(
      `<path d="M${f(24 * u)} ${f(22 * u)} L${f(68 * u)} ${f(18 * u)} L${f(74 * u)} ${f(70 * u)} L${f(28 * u)} ${f(74 * u)} Z" fill="${body}"/>`,
    );
    svg.add(
      `<path d="M${f(24 * u)} ${f(22 * u)} L${f(28 * u)} ${f(74 * u)}" stroke="${PALETTE.ink}" stroke-opacity="0.4" stroke-width="${f(2 * u)}"/>`,
    );
    flower(svg, 52 * u, 42 * u, 14 * u, mix(s.c, '#ffffff', 0.3), rng.range(0, 72), 0.9);
    svg.add(
      `<rect x="${f(36 * u)}" y="${f(58 * u)}" width="${f(30 * u)}" height="${f(3 * u)}" rx="${f(1.5 * u)}" fill="${PALETTE.text}" fill-opacity="0.8" transform="rotate(-5 ${f(51 * u)} ${f(60 * u)})"/>`,
    );
  }
  // Name tag.
  const block = textBlock(name, {
    x: size / 2,
    y: 84 * u,
    maxWidth: 84 * u,
    size: 4.6 * u,
    minSize: 3 * u,
    maxLines: 2,
    align: 'middle',
    fill: PALETTE.text,
  });
  svg.add(
    `<rect x="${f(size / 2 - block.width / 2 - 3 * u)}" y="${f(82 * u)}" width="${f(block.width + 6 * u)}" height="${f(block.height + 4 * u)}" rx="${f(2.5 * u)}" fill="${PALETTE.ink}" fill-opacity="0.75"/>`,
  );
  svg.add(block.svg);
  return render(svg, mix(PALETTE.surface, s.b, 0.15), opts.format);
}

/**
 * A small animated GIF (default 360x270, 8 frames): a sakura blossom bouncing
 * over a sparkling backdrop, with squash on landing.
 */
export async function gifArt(
  seed: string | number,
  opts: { width?: number; height?: number; frames?: number; delayMs?: number; title?: string } = {},
): Promise<Art> {
  const rng = createRng(`gif:${seed}`);
  const s = scheme(rng);
  const w = clampSize(opts.width ?? 360);
  const h = clampSize(opts.height ?? 270);
  const frames = Math.max(2, Math.min(24, opts.frames ?? 8));
  // Static backdrop drawn once, then one SVG layer per frame composited on it.
  const back = new Svg(w, h);
  background(back, s, rng);
  glows(back, s, rng, 2);
  sparkles(back, s, rng, 20);
  waves(back, s, rng, 2, 0.78);
  if (opts.title)
    back.add(
      textBlock(opts.title, {
        x: w / 2,
        y: h * 0.08,
        maxWidth: w * 0.86,
        size: h * 0.09,
        maxLines: 1,
        align: 'middle',
        fill: PALETTE.text,
        outline: PALETTE.ink,
      }).svg,
    );
  const shape = rng.pick(['flower', 'star', 'ball'] as const);
  const size = Math.min(w, h) * 0.16;
  const floorY = h * 0.78;
  const ball = back.linear(
    [
      [0, mix(s.a, '#ffffff', 0.45)],
      [1, mix(s.a, PALETTE.ink, 0.2)],
    ],
    60,
  );
  const flowerSvg = new Svg(0, 0);
  flower(flowerSvg, 0, 0, size, s.a, 0, 1);
  const flowerBody = flowerSvg.body();
  const backSvg = back.toString().slice(0, -'</svg>'.length);
  const pngs: Buffer[] = [];
  for (let i = 0; i < frames; i++) {
    const t = i / frames;
    const bounce = Math.abs(Math.cos(t * Math.PI));
    const cy = floorY - size - bounce * h * 0.42;
    const squash = bounce < 0.2 ? 1 - (0.2 - bounce) * 1.5 : 1;
    const cx = w * (0.3 + 0.4 * t);
    const parts: string[] = [];
    parts.push(
      `<ellipse cx="${f(cx)}" cy="${f(floorY)}" rx="${f(size * (1.1 - bounce * 0.5))}" ry="${f(size * 0.18)}" fill="${PALETTE.ink}" fill-opacity="${f(0.6 - bounce * 0.35, 2)}"/>`,
    );
    const tf = `translate(${f(cx)} ${f(cy + size * (1 - squash))}) scale(${f(1 / squash, 3)} ${f(squash, 3)}) rotate(${f(t * 144)})`;
    if (shape === 'flower') parts.push(`<g transform="${tf}">${flowerBody}</g>`);
    else if (shape === 'star')
      parts.push(
        `<path d="${STAR5}" transform="${tf} scale(${f(size, 2)})" fill="${s.c}" stroke="${PALETTE.ink}" stroke-width="${f(0.06, 2)}"/>`,
      );
    else
      parts.push(
        `<g transform="${tf}"><circle r="${f(size * 0.8)}" fill="${ball}"/><path d="M${f(-size * 0.8)} 0 Q0 ${f(size * 0.35)} ${f(size * 0.8)} 0" stroke="${PALETTE.text}" stroke-width="${f(size * 0.08)}" fill="none"/></g>`,
      );
    pngs.push(
      await sharp(Buffer.from(`${backSvg}${parts.join('')}</svg>`))
        .png({ compressionLevel: 0 })
        .toBuffer(),
    );
  }

  const data = await sharp(pngs, { join: { animated: true } })
    .gif({
      loop: 0,
      delay: Array.from({ length: frames }, () => opts.delayMs ?? 90),
      effort: 1,
      dither: 0.3,
    })
    .toBuffer();
  return { data, width: w, height: h, contentType: 'image/gif', placeholder: backdropColour(s) };
}

/** Every art kind, for tests and for choosing art by name. */
export const ART_KINDS = [
  'post',
  'banner',
  'avatar',
  'community',
  'cover',
  'page',
  'shop',
  'gif',
] as const;
