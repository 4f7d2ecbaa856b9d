import { postArt, bannerArt, avatarArt, communityArt, mediaCoverArt, mangaPageArt, shopItemArt, gifArt } from './art';
await postArt(0, { width: 100, height: 100 });
async function time(label: string, n: number, fn: (i: number) => Promise<unknown>) { const s = performance.now(); const c = process.cpuUsage(); for (let i = 0; i < n; i++) await fn(i); const d = process.cpuUsage(c); console.log(label, "wall", ((performance.now() - s) / n).toFixed(1), "cpu", ((d.user + d.system) / 1000 / n).toFixed(1), "ms"); }
await time('post 1080x1080 title', 20, (i) => postArt(i, { width: 1080, height: 1080, title: 'Hello there world' }));
await time('post 960x720', 20, (i) => postArt(i, { width: 960, height: 720 }));
await time('banner', 10, (i) => bannerArt(i));
await time('avatar', 10, (i) => avatarArt(i, 'AB'));
await time('community', 10, (i) => communityArt(i, 'Mecha Garage'));
await time('cover', 10, (i) => mediaCoverArt(i, 'Starlight Relay'));
await time('page', 10, (i) => mangaPageArt('x', i + 1));
await time('shop', 10, (i) => shopItemArt(i, 'Plush thing'));
await time('gif', 3, (i) => gifArt(i));
