/**
 * The image part of the web bench alone, against a server that is already running with the
 * demo seed: `npx tsx bench/web-images.run.ts --base http://127.0.0.1:3190`. Signs in as the
 * demo user, runs measureFeedImages (web-images.ts) and prints the per-image figures, the
 * JSON and the BENCHMARKS.md paragraph. `npm run bench -- --suite web` runs the same
 * measurement after Lighthouse.
 */
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/content';
import { describeImages, measureFeedImages } from './web-images';

const GOAL_IMAGE_RATIO = 3;

const i = process.argv.indexOf('--base');
const base = i > 0 ? process.argv[i + 1]! : 'http://127.0.0.1:3190';
const res = await fetch(`${base}/api/auth/sign-in/email`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: base },
  body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
});
if (!res.ok) throw new Error(`demo sign-in: ${res.status} ${await res.text()}`);
const cookie = res.headers
  .getSetCookie()
  .map((c) => c.split(';')[0]!)
  .join('; ');

const images = await measureFeedImages(base, cookie);
for (const item of images.items) {
  const v = item.variant;
  console.log(
    `${item.post} ${item.width}×${item.height}: ${v ? `${v.label} (${v.width} px) ${v.type}` : 'not loaded'} ${item.served} B (WebP of that width ${item.webp} B); PNG ${item.png} B, JPEG ${item.jpeg} B`,
  );
}
const { items: _items, ...summary } = images;
console.log(JSON.stringify(summary, null, 2));
console.log(describeImages(images, GOAL_IMAGE_RATIO));
