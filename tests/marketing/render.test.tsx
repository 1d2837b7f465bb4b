import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType, ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_KEY, LANGUAGE_REDIRECT_SCRIPT, LOCALES, MESSAGES, PAGES, type Locale, type Page } from '../../marketing/src/lib/i18n';
import { PageHead } from '../../marketing/src/components/Layout';
import { imprintFromEnv, type Imprint } from '../../marketing/src/lib/imprint';
import CalculatorPage from '../../marketing/src/templates/calculator';
import FeaturesPage from '../../marketing/src/templates/features';
import HomePage from '../../marketing/src/templates/home';
import LegalPage from '../../marketing/src/templates/legal';
import PricingPage, { Head as PricingHead } from '../../marketing/src/templates/pricing';
import type { SiteHeadProps, SitePageProps } from '../../marketing/src/templates/context';

const TEMPLATES: Record<Page, ComponentType<SitePageProps>> = {
  home: HomePage,
  features: FeaturesPage,
  pricing: PricingPage,
  calculator: CalculatorPage,
  imprint: LegalPage,
  privacy: LegalPage,
  tos: LegalPage,
};

const HEADINGS: Record<Page, (locale: Locale) => string> = {
  home: (locale) => MESSAGES[locale].home.heading,
  features: (locale) => MESSAGES[locale].features.heading,
  pricing: (locale) => MESSAGES[locale].pricing.heading,
  calculator: (locale) => MESSAGES[locale].calculator.heading,
  imprint: (locale) => MESSAGES[locale].legal.imprint.title,
  privacy: (locale) => MESSAGES[locale].legal.privacy.title,
  tos: (locale) => MESSAGES[locale].legal.tos.title,
};

/** Gatsby hands pages far more props; the templates read only their page context. */
const propsOf = (locale: Locale, page: Page) => ({ pageContext: { locale, page } }) as unknown as SitePageProps;
const renderPage = (locale: Locale, page: Page) => {
  const Template = TEMPLATES[page];
  return render(<Template {...propsOf(locale, page)} />);
};

beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

describe('every page renders in English and German', () => {
  for (const locale of LOCALES) {
    for (const page of PAGES) {
      it(`${page} in ${locale}`, () => {
        const { container } = renderPage(locale, page);
        expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(HEADINGS[page](locale));
        expect(container.textContent).not.toMatch(/\{\w+\}/);
        // Header: sign-in and get-started lead to the console's /auth, no console bar.
        const nav = screen.getByRole('navigation', { name: MESSAGES[locale].nav.menu });
        expect(within(nav).getByRole('link', { name: MESSAGES[locale].nav.signIn })).toHaveAttribute('href', '/auth');
        expect(within(nav).getByRole('link', { name: MESSAGES[locale].nav.getStarted })).toHaveAttribute('href', '/auth');
        expect(window.localStorage.getItem(LANGUAGE_KEY)).toBe(locale);
      });
    }
  }
});

describe('head and language', () => {
  it('gives each page its language, title and description', () => {
    const head = PricingHead({ pageContext: { locale: 'de', page: 'pricing' } } as unknown as SiteHeadProps) as ReactElement<Parameters<typeof PageHead>[0]>;
    expect(head.props).toEqual({ locale: 'de', title: 'Preise', description: MESSAGES.de.pricing.description });
    const parts = (PageHead(head.props).props as { children: ReactElement<Record<string, string>>[] }).children;
    expect(parts.find((part) => part.type === 'html')?.props).toEqual({ lang: 'de' });
  });

  it('does not overwrite a stored German choice from an English page being redirected', () => {
    window.localStorage.setItem(LANGUAGE_KEY, 'de');
    renderPage('en', 'home');
    expect(window.localStorage.getItem(LANGUAGE_KEY)).toBe('de');
  });

  it('an explicit English URL wins over a stored German choice; only the bare home page redirects', () => {
    const run = (pathname: string) => {
      const replace = vi.fn();
      new Function('location', 'localStorage', LANGUAGE_REDIRECT_SCRIPT)({ pathname, search: '?a=1', hash: '', replace }, window.localStorage);
      return replace.mock.calls;
    };
    window.localStorage.setItem(LANGUAGE_KEY, 'de');
    expect(run('/')).toEqual([['/de/?a=1']]);
    expect(run('/pricing/')).toEqual([]);
    expect(run('/de/pricing/')).toEqual([]);
    renderPage('en', 'pricing');
    expect(window.localStorage.getItem(LANGUAGE_KEY)).toBe('en');
    window.localStorage.setItem(LANGUAGE_KEY, 'en');
    expect(run('/')).toEqual([]);
  });

  it('stores the language the switcher leads to', async () => {
    renderPage('de', 'pricing');
    const link = screen.getByRole('link', { name: 'English' });
    expect(link).toHaveAttribute('href', '/pricing/');
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(link);
    expect(window.localStorage.getItem(LANGUAGE_KEY)).toBe('en');
  });
});

describe('pricing page', () => {
  it('switches every tier price between monthly and yearly', async () => {
    renderPage('en', 'pricing');
    const prices = () => ['free', 'basic', 'pro', 'enterprise'].map((tier) => screen.getByTestId(`price-${tier}`).textContent);
    expect(prices()).toEqual(['€0.00', '€1.00', '€1.80', 'On request']);
    expect(screen.getByText('Premium: unlimited storage for €2.90 per device / month')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Yearly' }));
    expect(screen.getByRole('button', { name: 'Yearly' })).toHaveAttribute('aria-pressed', 'true');
    expect(prices()).toEqual(['€0.00', '€0.90', '€1.62', 'On request']);
    expect(screen.getByText('Premium: unlimited storage for €2.61 per device / month')).toBeInTheDocument();
  });
});

describe('imprint', () => {
  const renderImprint = (locale: Locale, imprint: Imprint | null) =>
    render(<LegalPage {...({ pageContext: { locale, page: 'imprint', imprint } } as unknown as SitePageProps)} />);

  it('shows the company, address and register from configuration', () => {
    const imprint = imprintFromEnv({
      IMPRINT_COMPANY: 'Acme IoT GmbH',
      IMPRINT_ADDRESS: 'Hauptstr. 1, 80331 München',
      IMPRINT_REGISTER: 'HRB 12345, AG München',
    });
    renderImprint('de', imprint);
    expect(screen.getByText('Anbieter').nextElementSibling).toHaveTextContent('Acme IoT GmbH');
    expect(screen.getByText('Handelsregister').nextElementSibling).toHaveTextContent('HRB 12345, AG München');
    expect(screen.queryByText('Kontakt', { selector: 'dt' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says plainly that it is not configured when a detail is missing', () => {
    expect(imprintFromEnv({ IMPRINT_COMPANY: 'Acme', IMPRINT_ADDRESS: '  ' })).toBeNull();
    renderImprint('en', null);
    expect(screen.getByRole('alert')).toHaveTextContent('Imprint not configured');
    expect(document.body.textContent).not.toMatch(/Musterstraße|LoRaNet Cloud GmbH/);
  });
});
