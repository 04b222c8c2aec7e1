import { chromium } from 'playwright-core';
import { signIn } from './support/sign-in.js';
const base = 'http://localhost:8150';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await context.newPage();
await signIn(page, base, 'anna.customer@portico.test');
await page.waitForTimeout(1500);
const painted = await (await page.request.get(`${base}/news`, { headers: { accept: 'text/html' } })).text();
const tpl = /<template id="portico-shared-header">([\s\S]*?)<\/template>/.exec(painted)?.[1] ?? '';
const shared = await (await page.request.get(`${base}/shared/header`)).text();
console.log(tpl === shared, tpl.length, shared.length);
if (tpl !== shared) { for (let i = 0; i < tpl.length; i++) if (tpl[i] !== shared[i]) { console.log(JSON.stringify(tpl.slice(i - 80, i + 120))); console.log(JSON.stringify(shared.slice(i - 80, i + 120))); break; } }
await browser.close();
