// Browser tests of Support4U (issue 5 "Done when"; spec §2 services row, the paragraph after
// the route table and the Track-cases page; §5 and §6 track-cases download; §9 frame height
// 950): the services pages frame the built-in support desk, against the real server with
// its demo seed.
import { readFile } from 'node:fs/promises';
import type { Download, FrameLocator, Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, test } from 'vitest';
import { apiJson } from '../support/api.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { anna, nina, paul } from '../support/demo-users.js';
import { useBrowser } from '../support/browser.js';
import { signIn } from '../support/sign-in.js';

const baseUrl = inject('codeBaseUrl');
/** A case of anna's account in the demo seed (apps/api/src/seed/support-desk.ts). */
const annaCase = 'CS0001001';

const session = useBrowser();

/** English defaults of the page titles (features/services/services.labels.ts). */
const titleDefaults: Record<string, string> = {
  'support.title.incident': 'Report an incident',
  'support.title.service-request': 'Request a service',
  'support.title.track-cases': 'Track cases',
  'support.title.track-case': `Case ${annaCase}`,
  'support.title.portals': 'Support portals',
  'support.title.contacts': 'Support contacts',
};

/** Every services child: its route, frame path and the frame's own heading. */
const children: { route: string; framePath: string; titleKey: string; frameHeading: RegExp }[] = [
  {
    route: '/services/incident',
    framePath: '/support-desk/incident',
    titleKey: 'support.title.incident',
    frameHeading: /^Report an incident$/,
  },
  {
    route: '/services/service-request',
    framePath: '/support-desk/service-request',
    titleKey: 'support.title.service-request',
    frameHeading: /^Request a service$/,
  },
  {
    route: '/services/track-cases',
    framePath: '/support-desk/track-cases',
    titleKey: 'support.title.track-cases',
    frameHeading: /^Track cases$/,
  },
  {
    route: `/services/track-case/${annaCase}`,
    framePath: `/support-desk/track-case/${annaCase}`,
    titleKey: 'support.title.track-case',
    frameHeading: new RegExp(`^Case ${annaCase}: `),
  },
  {
    route: '/services/portals',
    framePath: '/support-desk/portals',
    titleKey: 'support.title.portals',
    frameHeading: /^Support portals$/,
  },
  {
    route: '/services/contacts',
    framePath: '/support-desk/contacts',
    titleKey: 'support.title.contacts',
    frameHeading: /^Contacts$/,
  },
];

const frameElement = (page: Page) => page.locator('iframe.services-frame');
const frame = (page: Page): FrameLocator => page.frameLocator('iframe.services-frame');
const frameHeading = (page: Page) => frame(page).getByRole('heading', { level: 1 });
const downloadButton = (page: Page) => page.getByRole('button', { name: 'Download all cases' });

/** The page title the label rule gives: the server's label, else the English default. */
async function expectedTitle(page: Page, key: string): Promise<string> {
  const labels = await apiJson<{ key: string; value: string }[]>(
    page,
    '/api/content/labels/cpplabels',
  );
  const value = labels.find((label) => label.key === key)?.value;
  return value ? value : (titleDefaults[key] ?? key);
}

async function openServices(page: Page, route: string): Promise<void> {
  await page.goto(`${baseUrl}${route}`);
  await frameHeading(page).waitFor({ state: 'visible' });
}

/**
 * axe on the portal page and on the frame's own document. axe cannot run inside the frame:
 * it needs script, and the desk frame's sandbox has no allow-scripts (ADR 0010). So the frame
 * element is left out of the page's run (its title is asserted by the tests) and the desk
 * page it shows is checked on its own, in a second tab of the same session (its cookie).
 */
async function expectAccessible(page: Page): Promise<void> {
  await expectNoAxeViolations(page, { exclude: ['iframe.services-frame'] });
  const deskUrl = page
    .frames()
    .find((f) => f !== page.mainFrame() && new URL(f.url()).pathname.startsWith('/support-desk/'))
    ?.url();
  expect(deskUrl).toBeDefined();
  const desk = await page.context().newPage();
  try {
    await desk.goto(deskUrl ?? '');
    await desk.getByRole('heading', { level: 1 }).waitFor();
    await expectNoAxeViolations(desk);
  } finally {
    await desk.close();
  }
}

async function fileText(download: Download): Promise<string> {
  const path = await download.path();
  return readFile(path, 'utf8');
}

describe('Support4U, signed in as anna', () => {
  beforeEach(async () => {
    await signIn(session.page, baseUrl, anna);
  });

  test('every services child shows its frame at the right address, height 950, with its title', async () => {
    const { page } = session;
    for (const child of children) {
      await openServices(page, child.route);
      const title = await expectedTitle(page, child.titleKey);

      // The page: full width, the title from support.title.{route path}.
      expect(await page.getByTestId('app-page').getAttribute('class')).toContain(
        'cpp-layout--full-width',
      );
      expect(await page.getByRole('heading', { level: 1 }).first().innerText()).toBe(title);

      // The frame: its configured address with a frame token, sandboxed, 950 high, titled.
      const iframe = frameElement(page);
      const src = new URL((await iframe.getAttribute('src')) ?? '', baseUrl);
      expect(src.origin).toBe(new URL(baseUrl).origin);
      expect(src.pathname).toBe(child.framePath);
      expect(src.searchParams.get('t')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(await iframe.getAttribute('title')).toBe(title);
      expect(await iframe.getAttribute('height')).toBe('950');
      expect((await iframe.boundingBox())?.height).toBe(950);
      expect(await iframe.getAttribute('sandbox')).not.toContain('allow-scripts');

      // The desk page loaded inside (and took the token out of its address).
      expect(await frameHeading(page).innerText()).toMatch(child.frameHeading);
      const desk = page.frames().find((f) => f.url().includes(child.framePath));
      expect(desk && new URL(desk.url()).searchParams.has('t')).toBe(false);

      await expectAccessible(page);
    }
  }, 180_000);

  test('/services lands on incident', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/services`);
    await page.waitForURL((url) => url.pathname === '/services/incident');
    expect(await frameHeading(page).innerText()).toBe('Report an incident');
  });

  test(`track-case/${annaCase} shows that case`, async () => {
    const { page } = session;
    await openServices(page, `/services/track-case/${annaCase}`);
    expect(await frameHeading(page).innerText()).toBe(
      `Case ${annaCase}: Invoice run fails for "EUR, NOK" ledgers`,
    );
    expect(await frame(page).getByText('In progress').first().isVisible()).toBe(true);
    await expectAccessible(page);
  });

  test('the incident form creates a case that appears in track cases and in the CSV', async () => {
    const { page } = session;
    const summary = `Payroll export stops at step 3 (${Date.now().toString(36)})`;

    await openServices(page, '/services/incident');
    const desk = frame(page);
    await desk.getByLabel('Short description').fill(summary);
    await desk
      .getByRole('textbox', { name: 'Description', exact: true })
      .fill('The export stops with "timeout, retry later".');
    await desk.getByLabel('Category').selectOption({ index: 1 });
    await desk.getByRole('button', { name: 'Submit incident' }).click();

    // The desk shows the new case.
    await desk
      .getByRole('status')
      .filter({ hasText: /was created/ })
      .waitFor();
    const heading = await frameHeading(page).innerText();
    const number = /^Case (CS\d+): /.exec(heading)?.[1];
    expect(number, heading).toBeDefined();
    expect(heading).toBe(`Case ${number}: ${summary}`);

    // Track cases lists it.
    await openServices(page, '/services/track-cases');
    expect(await frame(page).getByRole('link', { name: number }).isVisible()).toBe(true);

    // The downloaded CSV has it.
    const downloaded = page.waitForEvent('download');
    await downloadButton(page).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe('cases.csv');
    const csv = await fileText(download);
    const row = csv.split('\r\n').find((line) => line.includes(`${number},`));
    expect(row).toContain(summary);
    expect(csv).toContain(annaCase);
    await expectAccessible(page);
  });

  test('a double click downloads once', async () => {
    const { page } = session;
    await openServices(page, '/services/track-cases');

    // Hold the file's answer until both clicks are in, so the second click meets a running
    // download however fast the server is.
    let requests = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/support/cases/download', async (route) => {
      requests += 1;
      await held;
      await route.continue();
    });
    let downloads = 0;
    page.on('download', () => (downloads += 1));

    const button = downloadButton(page);
    const downloaded = page.waitForEvent('download');
    await button.dblclick();
    await expect.poll(() => requests).toBe(1);
    // The busy state renders after the click's task (the store notifies on a timer): wait
    // for it while the file is still held, rather than reading it once.
    await expect.poll(() => button.getAttribute('aria-busy')).toBe('true');
    release();
    await fileText(await downloaded);
    await expect.poll(() => button.getAttribute('aria-busy')).toBeNull();

    expect(requests).toBe(1);
    expect(downloads).toBe(1);
  });
});

describe.each([
  ['paul', paul],
  ['nina', nina],
])('track cases, signed in as %s', (_name, email) => {
  // Spec §6: cases need SUPPORT_SERVICE_NOW, which neither holds; the desk refuses (issue 23 #9).
  test('gets the desk refusal and no download button', async () => {
    const { page } = session;
    await signIn(page, baseUrl, email);
    await openServices(page, '/services/track-cases');
    expect(await frameHeading(page).innerText()).toBe('No access to support cases');
    expect(await downloadButton(page).count()).toBe(0);
    await expectAccessible(page);
  });
});
