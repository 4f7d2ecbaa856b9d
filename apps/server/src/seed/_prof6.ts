import sharp from 'sharp';
import { postArt, renderArtVariant } from './art';
async function cpu(label: string, n: number, fn: (i: number) => Promise<unknown>) { const c = process.cpuUsage(); for (let i = 0; i < n; i++) await fn(i); const d = process.cpuUsage(c); console.log(label.padEnd(20), ((d.user + d.system) / 1000 / n).toFixed(1), 'ms'); }
const arts = await Promise.all(Array.from({ length: 10 }, (_, i) => postArt(i, { width: 960, height: 720 })));
await cpu('postArt 960x720', 10, (i) => postArt(i, { width: 960, height: 720 }));
await cpu('raster only', 10, (i) => sharp(Buffer.from(arts[i]!.svg!)).removeAlpha().raw().toBuffer());
await cpu('encode full e2', 10, (i) => sharp(arts[i]!.raw!.data, { raw: arts[i]!.raw! }).webp({ quality: 82, effort: 2 }).toBuffer());
await cpu('variant 640', 10, (i) => renderArtVariant(arts[i]!, 640));
console.log(arts.map((a) => a.svg!.length));
