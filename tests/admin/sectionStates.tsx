import type { ReactElement } from 'react';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecordContextProvider, type RaRecord } from 'react-admin';
import type { Language } from '../../admin/providers/i18nProvider';
import { renderInAdmin } from './helpers';
import { DESKTOP_WIDTH, PHONE_WIDTH, stubViewportWidth } from './viewport';
import { answers } from './devices/show/samples';

type Texts = Record<Language, { title: string; empty: RegExp; error: RegExp }>;

export interface SectionCase {
  name: string;
  element: () => ReactElement;
  /** The data-provider method whose answer sets the state, and its empty and successful answers. */
  method: string;
  empty: () => Promise<unknown>;
  success: () => Promise<unknown>;
  /** Other reads the section makes, answered successfully. */
  others?: Record<string, () => Promise<unknown>>;
  texts: Texts;
  /** What the successful section shows, in the language and at the width. */
  shows: (region: HTMLElement, language: Language, phone: boolean) => Promise<void>;
}

const widths = [
  ['phone', PHONE_WIDTH],
  ['desktop', DESKTOP_WIDTH],
] as const;

afterEach(() => vi.unstubAllGlobals());

/**
 * A show page's sections, each in its loading, empty, error and success states, in English and
 * German, at phone and desktop width, rendered on `record`.
 */
export function describeSectionStates(page: string, record: RaRecord, cases: SectionCase[]) {
  describe.each(cases)(`${page}: $name`, (section) => {
    const render = (answer: () => Promise<unknown>, locale: Language) =>
      renderInAdmin(<RecordContextProvider value={record}>{section.element()}</RecordContextProvider>, {
        dataProvider: { ...section.others, [section.method]: vi.fn(answer) },
        locale,
      });

    describe.each(['en', 'de'] as const)('in %s', (language) => {
      const texts = section.texts[language];
      describe.each(widths)('at %s width', (width, pixels) => {
        const phone = width === 'phone';
        it('loading: a progress bar under the title', async () => {
          stubViewportWidth(pixels);
          render(answers.loading, language);
          const region = await screen.findByRole('region', { name: texts.title });
          expect(within(region).getByRole('progressbar')).toBeInTheDocument();
        });
        it('empty: says there is nothing yet', async () => {
          stubViewportWidth(pixels);
          render(section.empty, language);
          expect(await screen.findByText(texts.empty)).toBeInTheDocument();
        });
        it('error: the failure, not the empty text', async () => {
          stubViewportWidth(pixels);
          render(answers.error, language);
          expect(await screen.findByRole('alert')).toHaveTextContent(texts.error);
          expect(screen.queryByText(texts.empty)).toBeNull();
        });
        it('success: the data', async () => {
          stubViewportWidth(pixels);
          render(section.success, language);
          await section.shows(await screen.findByRole('region', { name: texts.title }), language, phone);
        });
      });
    });
  });
}
