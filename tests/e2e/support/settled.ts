import type { Page } from '@playwright/test';

/**
 * Waits until every finite animation and transition has ended: a button that has just been enabled
 * fades from grey to its colour, and axe measuring it halfway reports a contrast that no user sees
 * once the fade is over; sizes and widths measured mid-transition are as wrong. Endless ones (a
 * spinner) are not waited for.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}
