import fs from 'node:fs';
import { postArt, bannerArt, avatarArt, communityArt, mediaCoverArt, mangaPageArt, shopItemArt, gifArt } from './art';
const out = '/tmp/art';
const t = (label: string) => { const s = performance.now(); return () => console.log(label, (performance.now() - s).toFixed(1), 'ms'); };
for (let i = 0; i < 8; i++) { const d = t('post' + i); const a = await postArt(i, { width: 1080, height: i % 2 ? 1080 : 720, title: i % 3 ? 'Rooftop sunset after the final episode' : undefined }); d(); fs.writeFileSync(`${out}/post${i}.webp`, a.data); }
{ const d = t('banner'); const a = await bannerArt(1); d(); fs.writeFileSync(`${out}/banner.webp`, a.data); }
for (let i = 0; i < 4; i++) { const d = t('avatar'); const a = await avatarArt(i, ['MT','KS','R','AY'][i]!); d(); fs.writeFileSync(`${out}/avatar${i}.webp`, a.data); }
{ const d = t('community'); const a = await communityArt(1, 'Isekai Travel Agency'); d(); fs.writeFileSync(`${out}/community.webp`, a.data); }
{ const d = t('cover'); const a = await mediaCoverArt(2, 'Starlight Relay'); d(); fs.writeFileSync(`${out}/cover.webp`, a.data); }
for (let i = 1; i <= 2; i++) { const d = t('page'); const a = await mangaPageArt('m1', i); d(); fs.writeFileSync(`${out}/page${i}.webp`, a.data); }
for (const k of ['figure','poster','plush','stand','artbook'] as const) { const d = t('shop ' + k); const a = await shopItemArt(k, 'Moonlit Idol Scale Figure', { kind: k }); d(); fs.writeFileSync(`${out}/shop-${k}.webp`, a.data); }
{ const d = t('gif'); const a = await gifArt(3, { title: 'boing' }); d(); console.log(a.data.length); fs.writeFileSync(`${out}/anim.gif`, a.data); }
