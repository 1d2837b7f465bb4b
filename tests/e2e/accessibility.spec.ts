import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { signUpAndOnboard } from './support/onboarding';

// Issue #22: the console's main screens and the marketing site, in English and German, have no
// serious or critical axe-core violations, and none of them scrolls sideways on a 360 px phone.
// One signed-in user with a device, a gateway, a profile and a dashboard is reused by every test.

const KEY = '2b7e151628aed2a6abf7158809cf4f3c';
const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1366, height: 900 };

interface Data {
  deviceId: string;
  devEui: string;
}

/** Calls the API from the signed-in page (same origin, its session cookie). */
async function api<T>(page: Page, method: string, path: string, body?: object): Promise<T> {
  const result = await page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(`/api${path}`, {
        method,
        credentials: 'include',
        headers: body ? { 'content-type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    { method, path, body },
  );
  expect(result.status, `${method} ${path}: ${JSON.stringify(result.body)}`).toBeLessThan(300);
  return result.body as T;
}

async function seed(page: Page): Promise<Data> {
  await signUpAndOnboard(page, `Access ${Date.now()}`);
  const companies = await api<{ results: { id: string }[] }>(page, 'GET', '/company/');
  const company = companies.results[0]?.id ?? '';
  const stamp = Date.now().toString(16).toUpperCase().padStart(12, '0').slice(-12);
  const devEui = `A1A2${stamp}`;
  const profile = await api<{ id: string }>(page, 'POST', `/config/${company}`, { name: 'Cellar profile' });
  const device = await api<{ id: string }>(page, 'POST', '/device/', {
    company_id: company,
    dev_eui: devEui,
    app_key: KEY,
    name: 'Cellar sensor',
    config: profile.id,
  });
  await api(page, 'POST', '/device/', { company_id: company, dev_eui: `B1B2${stamp}`, app_key: KEY, name: 'Boiler room' });
  await api(page, 'POST', '/gateway/', { company_id: company, gateway_id: `0016C0${stamp.slice(-10)}`, name: 'Roof gateway' });
  await api(page, 'POST', '/dashboard/', { company_id: company, name: 'Cellar climate' });
  return { deviceId: device.id, devEui };
}

/** A console screen: where it is and what shows once it has loaded. */
interface Screen {
  name: string;
  path: string;
  ready: (page: Page) => Locator;
}

function consoleScreens(data: Data): Screen[] {
  return [
    { name: 'devices', path: '/devices', ready: (page) => page.getByText('Cellar sensor').first() },
    { name: 'device-page', path: `/devices/${data.deviceId}/show`, ready: (page) => page.getByText(data.devEui).first() },
    { name: 'device-create', path: '/devices/create', ready: (page) => page.getByLabel(/DevEUI/) },
    { name: 'device-edit', path: `/devices/${data.deviceId}`, ready: (page) => page.getByLabel(/DevEUI/) },
    { name: 'gateways', path: '/gateways', ready: (page) => page.getByText('Roof gateway').first() },
    { name: 'profiles', path: '/profiles', ready: (page) => page.getByText('Cellar profile').first() },
    { name: 'dashboard', path: '/dashboard', ready: (page) => page.getByText('Cellar climate').first() },
    { name: 'settings', path: '/settings', ready: (page) => page.getByLabel(/^(First name|Vorname)/) },
    { name: 'import', path: '/devices/import', ready: (page) => page.getByRole('radiogroup').first() },
  ];
}

const MARKETING = ['/', '/pricing/', '/de/', '/de/pricing/'];

/** Waits until the screen shows its content and nothing is loading any more. */
async function open(page: Page, path: string, ready: (page: Page) => Locator) {
  await page.goto(path);
  await expect(ready(page)).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

/** The serious and critical axe violations of the page as shown, by rule, with the first offending elements. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const where = violation.nodes.slice(0, 3).map((node) => node.target.join(' '));
      const why = violation.nodes[0]?.failureSummary?.split('\n')[1]?.trim() ?? '';
      return `${violation.id}: ${where.join(' | ')} (${why})`;
    });
}

/**
 * How far the document, and an open dialog's content, scroll sideways, with the innermost elements
 * that reach past the right edge ('' when everything fits).
 */
async function overflow(page: Page): Promise<string> {
  return page.evaluate(() => {
    const elements = [document.scrollingElement, ...document.querySelectorAll('.MuiDialogContent-root')];
    const extra = Math.max(...elements.map((element) => (element ? element.scrollWidth - element.clientWidth : 0)));
    if (extra <= 0) return '';
    const edge = document.documentElement.clientWidth;
    // Elements a scrolling or clipping box holds in are not what widens the page.
    const clipped = (element: HTMLElement) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const past = [...document.body.querySelectorAll<HTMLElement>('*')].filter(
      (element) => element.getBoundingClientRect().right > edge + 0.5 && !clipped(element),
    );
    const innermost = past.filter((element) => !past.some((other) => other !== element && element.contains(other)));
    return `${extra} px: ${innermost
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}[${element.getAttribute('role') ?? ''}] "${(element.textContent ?? '').slice(0, 30)}"`)
      .join(', ')}`;
  });
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Small interactive targets (WCAG 2.5.8 asks 24 px; the issue asks 44 px on phones for the form's controls). */
async function smallTargets(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) =>
    [...root.querySelectorAll<HTMLElement>('button, input:not([type=hidden]):not([aria-hidden=true]), select, [role=combobox], a[href]')]
      .filter((element) => element.offsetParent !== null && !element.closest('[aria-hidden=true]'))
      .map((element) => ({ element, box: (element.closest('.MuiInputBase-root') ?? element).getBoundingClientRect() }))
      .filter(({ box }) => box.height < 44)
      .map(
        ({ element, box }) =>
          `${element.tagName.toLowerCase()} "${element.getAttribute('aria-label') ?? element.textContent ?? ''}" ${Math.round(box.height)}px`,
      ),
  );
}

async function switchConsoleLanguage(page: Page, from: string, to: string) {
  await page.getByRole('button', { name: from }).click();
  await page.getByRole('menuitem', { name: to }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', to === 'Deutsch' ? 'de' : 'en');
}

test.describe.serial('accessibility and phones (issue #22)', () => {
  // Each test visits a dozen or more pages and runs axe-core on them.
  test.describe.configure({ timeout: 240_000 });
  let context: BrowserContext;
  let page: Page;
  let data: Data;

  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    // Its own context (axe-core needs one it can open pages in), shared by the tests below.
    context = await browser.newContext({ viewport: DESKTOP });
    page = await context.newPage();
    data = await seed(page);
  });

  test.afterAll(async () => {
    await context.close();
  });

  test('axe: no serious or critical violations on the console screens, en and de, and the marketing home and pricing', async () => {
    const found: Record<string, string[]> = {};
    for (const language of ['en', 'de'] as const) {
      if (language === 'de') await switchConsoleLanguage(page, 'Language', 'Deutsch');
      for (const screen of consoleScreens(data)) {
        await open(page, screen.path, screen.ready);
        const violations = await seriousViolations(page);
        if (violations.length > 0) found[`${language} ${screen.path}`] = violations;
      }
    }
    await switchConsoleLanguage(page, 'Sprache', 'English');
    for (const path of MARKETING) {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      const violations = await seriousViolations(page);
      if (violations.length > 0) found[path] = violations;
    }
    expect(found).toEqual({});
  });

  test('phones: no screen scrolls sideways at 360 px, and the form controls are at least 44 px tall', async () => {
    const testInfo = test.info();
    await page.setViewportSize(PHONE);
    const wide: Record<string, string> = {};
    for (const screen of consoleScreens(data)) {
      await open(page, screen.path, screen.ready);
      await shoot(page, testInfo, `phone-${screen.name}`);
      const extra = await overflow(page);
      if (extra) wide[screen.path] = extra;
    }
    for (const path of MARKETING) {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      const extra = await overflow(page);
      if (extra) wide[path] = extra;
    }
    expect(wide).toEqual({});

    await open(page, `/devices/${data.deviceId}`, (current) => current.getByLabel(/DevEUI/));
    expect(await smallTargets(page.locator('form'))).toEqual([]);
  });

  test('phones: the import review and the gateway wizard fit 360 px with their rows, status and reason readable', async () => {
    const testInfo = test.info();
    await page.setViewportSize(PHONE);
    await open(page, '/devices/import', (current) => current.getByRole('radiogroup').first());
    await page.getByRole('button', { name: 'Next' }).click();
    const csv = [
      'Name;DevEUI;AppKey',
      `Pump;C3C4${data.devEui.slice(4)};${KEY}`,
      `Broken;C5C6${data.devEui.slice(4)};NOT-A-KEY`,
      `Again;${data.devEui};${KEY}`,
    ].join('\r\n');
    await page.getByTestId('csv-file').setInputFiles({ name: 'phone.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(page.getByText('3 rows found')).toBeVisible();
    await page.getByLabel('Device configuration').click();
    await page.getByRole('option', { name: 'Cellar profile' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Import 3 devices' }).click();
    await expect(page.getByTestId('count-ready')).toHaveText('0');
    const broken = page.getByTestId('import-row').filter({ hasText: 'Broken' });
    await expect(broken).toContainText('Failed');
    await expect(broken.getByText('AppKey must be 32 hexadecimal digits.')).toBeInViewport();
    await expect(page.getByTestId('import-row').filter({ hasText: 'Again' })).toContainText('Duplicate');
    await shoot(page, testInfo, 'phone-import-review');
    expect(await overflow(page)).toBe('');
    expect(await seriousViolations(page)).toEqual([]);

    await open(page, '/gateways', (current) => current.getByText('Roof gateway').first());
    await page.getByRole('button', { name: 'Set up a gateway' }).first().click();
    const wizard = page.getByRole('dialog', { name: 'Gateway setup' });
    await expect(wizard).toContainText('Enable the concentrator with the EU868 channel plan.');
    await shoot(page, testInfo, 'phone-wizard-requirements');
    expect(await overflow(page)).toBe('');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByLabel(/Gateway ID/).fill(`0016C0FF${data.devEui.slice(-8)}`);
    await wizard.getByLabel('Name').fill('Cellar gateway');
    await wizard.getByRole('button', { name: 'Register' }).click();
    await expect(wizard.getByLabel('MQTT server address')).toBeVisible();
    await expect(wizard.getByRole('button', { name: 'Next' })).toBeEnabled();
    await shoot(page, testInfo, 'phone-wizard-configure');
    expect(await overflow(page)).toBe('');
    expect(await smallTargets(wizard)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await wizard.getByRole('button', { name: 'Skip' }).click();
    await expect(wizard).toBeHidden();
  });

  test('keyboard: a list row opens with Enter', async () => {
    await page.setViewportSize(DESKTOP);
    await open(page, '/devices', (current) => current.getByText('Cellar sensor').first());
    const row = page.getByRole('row', { name: /Cellar sensor/ });
    await row.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/devices/${data.deviceId}/show$`));

    await page.setViewportSize(PHONE);
    await open(page, '/gateways', (current) => current.getByText('Roof gateway').first());
    await page.getByRole('link', { name: /Roof gateway/ }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/gateways\/[^/]+\/show$/);
  });
});
