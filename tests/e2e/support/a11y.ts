import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { settled } from './settled';

/** Calls the API from the signed-in page (same origin, its session cookie). */
export async function api<T>(page: Page, method: string, path: string, body?: object): Promise<T> {
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

/**
 * Waits until the screen shows its content and nothing is loading any more (an indeterminate
 * progress bar; a meter with a value, as the usage page's quotas, is content). The machine is
 * loaded: a screen gets 15 s.
 */
export async function open(page: Page, path: string, ready: (page: Page) => Locator) {
  await page.goto(path);
  await expect(ready(page)).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[role=progressbar]:not([aria-valuenow])')).toHaveCount(0, { timeout: 15_000 });
}

/** The serious and critical axe violations of the page as shown, by rule, with the first offending elements. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await settled(page);
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
export async function overflow(page: Page): Promise<string> {
  await settled(page);
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

export async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

export async function switchConsoleLanguage(page: Page, from: string, to: string) {
  await page.getByRole('button', { name: from }).click();
  await page.getByRole('menuitem', { name: to }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', to === 'Deutsch' ? 'de' : 'en');
}
