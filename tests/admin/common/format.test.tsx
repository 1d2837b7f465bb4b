import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RecordContextProvider } from 'react-admin';
import { DateField, NumberField } from '../../../admin/common/fields';
import { formatters, useFormatters } from '../../../admin/common/format';
import { renderInAdmin } from '../helpers';

// Dates and numbers follow the console's language, not the browser's (issue #18): jsdom's own
// locale is English, so the German case fails wherever a browser default slips through.
const at = '2026-11-27T14:05:00.000Z';

function Formatted() {
  const format = useFormatters();
  return (
    <>
      <span data-testid="date">{format.date(at)}</span>
      <span data-testid="number">{format.number(1234.5)}</span>
    </>
  );
}

describe('formatting in the chosen language', () => {
  it('formats dates and numbers per language', () => {
    expect(formatters('de').date(at)).toBe('27.11.2026');
    expect(formatters('en').date(at)).toBe('Nov 27, 2026');
    expect(formatters('de').number(1234.5)).toBe('1.234,5');
    expect(formatters('en').number(1234.5)).toBe('1,234.5');
  });

  it('useFormatters follows the console language', async () => {
    renderInAdmin(<Formatted />, { locale: 'de' });
    expect(await screen.findByTestId('date')).toHaveTextContent('27.11.2026');
    expect(screen.getByTestId('number')).toHaveTextContent('1.234,5');
  });

  it("the console's DateField and NumberField write German for a German user", async () => {
    renderInAdmin(
      <RecordContextProvider value={{ id: 1, created_at: at, count: 1234.5 }}>
        <DateField source="created_at" />
        <NumberField source="count" />
      </RecordContextProvider>,
      { locale: 'de' },
    );
    expect(await screen.findByText('27.11.2026')).toBeInTheDocument();
    expect(screen.getByText('1.234,5')).toBeInTheDocument();
  });
});
