import fs from 'node:fs';
import sharp from 'sharp';
import { gifArt } from './art';
for (let i = 0; i < 3; i++) { const c = process.cpuUsage(); const a = await gifArt(i, { title: i === 0 ? 'Boing!' : undefined }); const d = process.cpuUsage(c); console.log(((d.user + d.system) / 1000).toFixed(0), 'ms', a.data.length); fs.writeFileSync(`/tmp/art/g${i}.gif`, a.data);
await sharp(a.data, { animated: true }).png().toFile(`/tmp/art/g${i}.png`); }
