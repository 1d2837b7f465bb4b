import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { open, overflow, seriousViolations, shoot } from './support/a11y';
import { settled } from './support/settled';
import { seedEverything, type Seeded } from './support/a11y-seed';

// Issue #22: the marketing site, in English and German, has no serious or critical axe-core
// violations (every console route in both languages and themes: accessibility-routes.spec.ts), and
// no console screen or marketing page scrolls sideways on a 360 px phone: every list (cards there),
// the forms, the import review and the gateway wizard.
// One signed-in user with one record of each kind is reused by every test.

const KEY = '2b7e151628aed2a6abf7158809cf4f3c';
const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1366, height: 900 };

/** A console screen: where it is and what shows once it has loaded. */
interface Screen {
  name: string;
  path: string;
  ready: (page: Page) => Locator;
}

function consoleScreens(data: Seeded): Screen[] {
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
    // The other lists, cards on a phone.
    { name: 'units', path: '/units', ready: (page) => page.getByText('Cellar unit').first() },
    { name: 'groups', path: '/groups', ready: (page) => page.getByText('North site').first() },
    { name: 'rules', path: '/rules', ready: (page) => page.getByText('Cellar too warm').first() },
    { name: 'tenants', path: '/tenants', ready: (page) => page.getByText('Harbour tenant').first() },
    {
      name: 'companies',
      path: '/companies',
      ready: (page) =>
        page
          .getByRole('main')
          .getByText(/^Access \d+/)
          .first(),
    },
    { name: 'company-people', path: `/companies/${data.company}`, ready: (page) => page.getByText('Erika').first() },
    { name: 'webhooks', path: '/webhooks', ready: (page) => page.getByText('https://hooks.example.com/lora').first() },
    { name: 'api-keys', path: '/api-keys', ready: (page) => page.getByText('Reporting key').first() },
    { name: 'templates', path: '/templates', ready: (page) => page.locator('main').first() },
    { name: 'notifications', path: '/notifications', ready: (page) => page.locator('main').first() },
    { name: 'audit', path: '/audit', ready: (page) => page.getByText('Cellar sensor').first() },
    { name: 'users', path: '/users', ready: (page) => page.getByText('Erika').first() },
  ];
}

const MARKETING = ['/', '/pricing/', '/de/', '/de/pricing/'];

/** Small interactive targets (WCAG 2.5.8 asks 24 px; the issue asks 44 px on phones for the form's controls). */
async function smallTargets(scope: Locator): Promise<string[]> {
  await settled(scope.page());
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

test.describe.serial('accessibility and phones (issue #22)', () => {
  // Each test visits a dozen or more pages and runs axe-core on them.
  test.describe.configure({ timeout: 240_000 });
  let context: BrowserContext;
  let page: Page;
  let data: Seeded;

  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    // Its own context (axe-core needs one it can open pages in), shared by the tests below.
    context = await browser.newContext({ viewport: DESKTOP });
    page = await context.newPage();
    data = await seedEverything(page);
  });

  test.afterAll(async () => {
    await context.close();
  });

  test('axe: no serious or critical violations on the marketing home and pricing, en and de', async () => {
    const found: Record<string, string[]> = {};
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
