import { expect, test, type Locator, type Page } from '@playwright/test';
import { open, seriousViolations, switchConsoleLanguage } from './support/a11y';
import { seedEverything, type Seeded } from './support/a11y-seed';

// Issue #22: axe-core finds no serious or critical violation on any console route, in English and
// German, in the light and the dark theme. Each language/theme pair is its own test with its own
// user (an operator, so /operator is reachable) and its own browser context, so the four can run in
// parallel workers. Routes covered (App.tsx and CONSOLE_ROUTES of server/src/http/static.ts):
//   /dashboard (with a dashboard), /devices, /devices/create, /devices/:id (edit), /devices/:id/show,
//   /devices/import, /gateways, /gateways/:id/show, the gateway wizard's requirements, register and
//   configure steps, /profiles, /profiles/create, /profiles/:id, /templates, /units, /units/create,
//   /units/:id, /groups, /groups/create, /groups/:id, /companies, /companies/create,
//   /companies/:id (members and invites), /tenants, /tenants/create, /tenants/:id, /api-keys,
//   /webhooks, /rules, /rules/create, /rules/:id, /notifications, /settings, /info, /usage, /users,
//   /audit, /network/reconcile, /operator.
// Not here: /auth (the sign-in entry, its own spec) and /logout (signs out); the marketing pages
// are in accessibility.spec.ts.

const themes = ['light', 'dark'] as const;
test.describe.configure({ mode: 'parallel' });
const languages = ['en', 'de'] as const;

interface Route {
  path: string;
  ready: (page: Page) => Locator;
}

// In the page's main part: the app bar names the company too (hidden on a phone).
const text = (value: string) => (page: Page) => page.getByRole('main').getByText(value).first();
/** A screen without a record name to wait for: its heading, table, form or text. */
const content = (page: Page) => page.locator('main :is(h1, h2, h5, h6, table, form, p)').first();
const nameInput = (page: Page) => page.getByRole('textbox', { name: /^Name/ }).first();

function routes(data: Seeded): Route[] {
  return [
    { path: '/dashboard', ready: text('Cellar climate') },
    { path: '/devices', ready: text('Cellar sensor') },
    { path: '/devices/create', ready: (page) => page.getByLabel(/DevEUI/) },
    { path: `/devices/${data.deviceId}`, ready: (page) => page.getByLabel(/DevEUI/) },
    { path: `/devices/${data.deviceId}/show`, ready: text(data.devEui) },
    { path: '/devices/import', ready: (page) => page.getByRole('radiogroup').first() },
    { path: '/gateways', ready: text('Roof gateway') },
    { path: `/gateways/${data.gatewayId}/show`, ready: text(data.gatewayEui) },
    { path: '/profiles', ready: text('Cellar profile') },
    { path: '/profiles/create', ready: nameInput },
    { path: `/profiles/${data.profileId}`, ready: nameInput },
    { path: '/templates', ready: content },
    { path: '/units', ready: text('Cellar unit') },
    { path: '/units/create', ready: nameInput },
    { path: `/units/${data.unitId}`, ready: nameInput },
    { path: '/groups', ready: text('North site') },
    { path: '/groups/create', ready: nameInput },
    { path: `/groups/${data.groupId}`, ready: nameInput },
    { path: '/companies', ready: text('Access') },
    { path: '/companies/create', ready: nameInput },
    { path: `/companies/${data.company}`, ready: text('Erika') },
    { path: '/tenants', ready: text('Harbour tenant') },
    { path: '/tenants/create', ready: nameInput },
    { path: `/tenants/${data.tenantId}`, ready: nameInput },
    { path: '/api-keys', ready: text('Reporting key') },
    { path: '/webhooks', ready: text('https://hooks.example.com/lora') },
    { path: '/rules', ready: text('Cellar too warm') },
    { path: '/rules/create', ready: nameInput },
    { path: `/rules/${data.ruleId}`, ready: nameInput },
    { path: '/notifications', ready: content },
    { path: '/settings', ready: (page) => page.getByLabel(/^(First name|Vorname)/) },
    { path: '/info', ready: content },
    { path: '/usage', ready: content },
    { path: '/users', ready: text('Erika') },
    { path: '/audit', ready: (page) => page.locator('main table').first() },
    { path: '/network/reconcile', ready: content },
    { path: '/operator', ready: text('Access') },
  ];
}

/** The wizard's first three steps (the fourth waits for the gateway to connect), each checked as shown. */
async function wizardViolations(page: Page, data: Seeded, language: string): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  const check = async (step: string) => {
    const violations = await seriousViolations(page);
    if (violations.length > 0) found[`wizard ${step}`] = violations;
  };
  const de = language === 'de';
  await open(page, '/gateways', text('Roof gateway'));
  await page
    .getByRole('button', { name: de ? 'Gateway einrichten' : 'Set up a gateway' })
    .first()
    .click();
  const wizard = page.getByRole('dialog', { name: de ? 'Gateway-Einrichtung' : 'Gateway setup' });
  await expect(wizard).toBeVisible();
  await check('requirements');
  await wizard.getByRole('button', { name: de ? 'Weiter' : 'Next' }).click();
  await wizard
    .getByRole('textbox')
    .nth(0)
    .fill(`0016C0FE${data.devEui.slice(-8)}`);
  await wizard.getByRole('textbox').nth(1).fill('Cellar gateway');
  await check('register');
  await wizard.getByRole('button', { name: de ? 'Registrieren' : 'Register' }).click();
  await expect(wizard.getByRole('button', { name: de ? 'Weiter' : 'Next' })).toBeEnabled();
  await check('configure');
  await wizard.getByRole('button', { name: de ? 'Überspringen und schließen' : 'Skip and close' }).click();
  await expect(wizard).toBeHidden();
  return found;
}

for (const language of languages) {
  for (const theme of themes) {
    test(`axe: every console route in ${language}, ${theme} theme, has no serious or critical violation`, async ({ browser }) => {
      // Sign-up, a dozen records and axe-core on forty screens.
      test.setTimeout(900_000);
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const page = await context.newPage();
      const data = await seedEverything(page, `a11y-${language}-${theme}@e2e.example`);
      if (theme === 'dark') {
        await page.getByRole('button', { name: 'Toggle light/dark mode' }).click();
        await expect(page.getByRole('button', { name: 'Toggle light/dark mode' })).toHaveAttribute('aria-pressed', 'true');
      }
      if (language === 'de') await switchConsoleLanguage(page, 'Language', 'Deutsch');

      const found: Record<string, string[]> = {};
      for (const route of routes(data)) {
        // A screen that does not load is reported with the others instead of hiding their violations.
        const loaded = await open(page, route.path, route.ready).then(
          () => null,
          (error: Error) => error.message.split('\n')[0] ?? 'not loaded',
        );
        // The theme and the language are remembered across page loads.
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        const violations = loaded ? [`not loaded: ${loaded}`] : await seriousViolations(page);
        if (violations.length > 0) found[route.path] = violations;
      }
      Object.assign(found, await wizardViolations(page, data, language));
      expect(found).toEqual({});
      await context.close();
    });
  }
}
