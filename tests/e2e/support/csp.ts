import type { Page } from '@playwright/test';

/**
 * Every CSP violation the page reports, across navigations: the `securitypolicyviolation` event
 * (listened for before any script of the page runs) and the browser's console errors about it.
 */
export async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
    document.addEventListener(
      'securitypolicyviolation',
      (event) => report(`${location.pathname}: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sample})`),
      true,
    );
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  return violations;
}
