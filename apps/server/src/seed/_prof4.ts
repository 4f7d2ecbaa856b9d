import sharp from 'sharp';
import { postArt, mangaPageArt } from './art';
const a = await postArt(1, { width: 960, height: 720 });
const p = await mangaPageArt('x', 1);
for (const [label, art] of [['post', a], ['page', p]] as const) {
  const raw = await sharp(art.data).raw().toBuffer({ resolveWithObject: true });
  for (const effort of [0, 1, 2, 3, 4]) {
    const c = process.cpuUsage(); let size = 0;
    for (let i = 0; i < 4; i++) size = (await sharp(raw.data, { raw: raw.info }).webp({ quality: 82, effort }).toBuffer()).length;
    const d = process.cpuUsage(c); console.log(label, 'effort', effort, ((d.user + d.system) / 4000).toFixed(0), 'ms', size);
  }
}
