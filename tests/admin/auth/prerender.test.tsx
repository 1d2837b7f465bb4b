// @vitest-environment node
// Outside a browser, as the build runs it: emotion then writes each component's styles next to it.
import { describe, expect, it } from 'vitest';
import { prerenderSignInPages } from '../../../admin/auth/prerender';

describe('the sign-in pages drawn by the build (issue #20)', () => {
  it('draws sign-in and sign-up in each language and theme, with their titles', async () => {
    const { pages } = await prerenderSignInPages();
    expect(pages.map(({ id }) => id).sort()).toEqual(
      ['signin', 'signup'].flatMap((page) => ['de', 'en'].flatMap((language) => ['dark', 'light'].map((mode) => `auth-${page}-${language}-${mode}`))).sort(),
    );
    const title = (id: string) => pages.find((page) => page.id === id)?.title;
    expect(title('auth-signin-de-light')).toMatch(/^Anmelden · /);
    expect(title('auth-signup-en-dark')).toMatch(/^Sign up · /);
    const german = pages.find((page) => page.id === 'auth-signin-de-light')?.markup ?? '';
    expect(german).toContain('Passwort');
    expect(german).toContain('href="/auth/signup"');
    expect(german).toContain('href="/auth/reset-password"');
  });

  it('leaves no style element or attribute in the markup (the policy admits styles by nonce only), and styles every class it uses', async () => {
    const { css, pages } = await prerenderSignInPages();
    for (const { markup } of pages) {
      expect(markup).not.toMatch(/<style|\sstyle="/);
      const classes = [...markup.matchAll(/class="([^"]*)"/g)].flatMap(([, names]) => names.split(' ')).filter((name) => /^(css|auth-style)-/.test(name));
      expect(classes.length).toBeGreaterThan(10);
      for (const name of classes) expect(css).toContain(`.${name}`);
    }
    // The dark pages draw their own colours.
    const dark = pages.find((page) => page.id === 'auth-signin-en-dark')?.markup;
    const light = pages.find((page) => page.id === 'auth-signin-en-light')?.markup;
    expect(dark).not.toBe(light);
  });
});
