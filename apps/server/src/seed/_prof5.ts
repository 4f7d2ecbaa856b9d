import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LocalStorage } from '../storage/local-storage';
import { storeArt } from './store';
import { postArt, bannerArt, avatarArt, mangaPageArt, shopItemArt, gifArt, mediaCoverArt, communityArt } from './art';
const storage = new LocalStorage(await mkdtemp(path.join(os.tmpdir(), 'prof-')));
async function cpu(label: string, n: number, fn: (i: number) => Promise<unknown>) { const c = process.cpuUsage(); for (let i = 0; i < n; i++) await fn(i); const d = process.cpuUsage(c); const per = (d.user + d.system) / 1000 / n; console.log(label.padEnd(20), 'per', per.toFixed(0), 'ms  x', n, '=', (per * n / 1000).toFixed(2), 's'); }
await cpu('warm', 2, (i) => postArt(i, { width: 100, height: 100 }));
await cpu('avatar', 22, async (i) => storeArt(storage, 'a/b', await avatarArt(i, 'AB'), { maxWidth: 640 }));
await cpu('banner', 32, async (i) => storeArt(storage, 'a/b', await bannerArt(i, { width: 1280, height: 427 })));
await cpu('post', 68, async (i) => storeArt(storage, 'a/b', await postArt(i, { width: [960, 720, 900, 1024, 800][i % 5]!, height: [720, 960, 900, 576, 1000][i % 5]!, title: i % 3 ? undefined : 'Night Walk' })));
await cpu('link', 16, async (i) => storeArt(storage, 'a/b', await postArt(i, { width: 640, height: 336, title: 'Site' }), { maxWidth: 640 }));
await cpu('community', 12, async (i) => storeArt(storage, 'a/b', await communityArt(i, 'Mecha Garage', { size: 800 })));
await cpu('cover', 18, async (i) => storeArt(storage, 'a/b', await mediaCoverArt(i, 'Starlight Relay')));
await cpu('page', 24, async (i) => storeArt(storage, 'a/b', await mangaPageArt('x', i)));
await cpu('shop', 24, async (i) => storeArt(storage, 'a/b', await shopItemArt(i, 'Round Bear Plush, Pink')));
await cpu('gif', 5, async (i) => storeArt(storage, 'a/b', await gifArt(i)));
