// Temporary: full-page screenshots of the settings pages for review (deleted after use).
import { chromium } from 'playwright-core';
const base = process.env.BASE ?? 'http://localhost:45123';
const out = '/tmp/settings-shots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const login = await browser.newContext({ baseURL: base });
const lp = await login.newPage();
await lp.goto('/login');
await lp.getByLabel('Email').fill('demo@otakura.local');
await lp.getByLabel('Password', { exact: true }).fill('otakura-demo');
await lp.getByRole('button', { name: 'Login' }).click();
await lp.waitForURL('**/feed');
const cookies = await login.cookies();
const only = process.argv[2];
for (const vp of [{ n: 'phone', width: 360, height: 780 }, { n: 'desktop', width: 1366, height: 900 }]) {
  for (const theme of ['dark', 'light']) {
    const ctx = await browser.newContext({ baseURL: base, viewport: { width: vp.width, height: vp.height }, isMobile: vp.n === 'phone', hasTouch: vp.n === 'phone' });
    await ctx.addInitScript((t) => localStorage.setItem('otakura.theme', t), theme);
    await ctx.addCookies(cookies);
    const page = await ctx.newPage();
    for (const p of ['/content', '/accessibility', '/otakura-premium', '/purchases', '/safety-privacy']) {
      if (only && !p.includes(only)) continue;
      await page.goto(p);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForFunction(() => !document.querySelector('main .ui-skeleton'));
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${out}/${p.slice(1)}-${vp.n}-${theme}.png`, fullPage: true });
    }
    await ctx.close();
  }
}
await browser.close();
