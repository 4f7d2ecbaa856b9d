import sharp from 'sharp';
import { gifArt, mangaPageArt } from './art';
async function time(label: string, n: number, fn: (i: number) => Promise<unknown>) { const c = process.cpuUsage(); for (let i = 0; i < n; i++) await fn(i); const d = process.cpuUsage(c); console.log(label, 'cpu', ((d.user + d.system) / 1000 / n).toFixed(1), 'ms'); }
await time('page', 6, (i) => mangaPageArt('x', i + 1));
const frames = await Promise.all(Array.from({ length: 8 }, (_, i) => sharp({ create: { width: 480, height: 360, channels: 3, background: { r: 30 * i, g: 40, b: 90 } } }).png().toBuffer()));
await time('gif encode only e3', 3, () => sharp(frames, { join: { animated: true } }).gif({ loop: 0, delay: Array(8).fill(90), effort: 3 }).toBuffer());
await time('gif encode only e1', 3, () => sharp(frames, { join: { animated: true } }).gif({ loop: 0, delay: Array(8).fill(90), effort: 1, dither: 0 }).toBuffer());
await time('gif', 3, (i) => gifArt(i));
