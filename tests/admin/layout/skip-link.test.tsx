import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MAIN_CONTENT_ID, SkipLink } from '../../../admin/layout/SkipLink';
import { renderInAdmin } from '../helpers';

describe('skip link', () => {
  it.each([
    ['en', 'Skip to content'],
    ['de', 'Zum Inhalt springen'],
  ] as const)('leads past the bar to the page (%s)', async (locale, name) => {
    renderInAdmin(<SkipLink />, { locale });
    expect(await screen.findByRole('link', { name })).toHaveAttribute('href', `#${MAIN_CONTENT_ID}`);
  });
});
