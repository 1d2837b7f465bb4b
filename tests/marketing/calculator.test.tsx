import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmedNumber, parseWhole } from '../../marketing/src/components/ConfirmedNumber';
import CalculatorPage from '../../marketing/src/templates/calculator';
import type { SitePageProps } from '../../marketing/src/templates/context';

afterEach(cleanup);

function Harness() {
  const [value, setValue] = useState(7);
  return (
    <>
      <ConfirmedNumber label="Devices" value={value} pendingHint="Not applied" onConfirm={setValue} max={1000} />
      <output data-testid="confirmed">{value}</output>
    </>
  );
}

describe('ConfirmedNumber', () => {
  it('confirms on Enter and restores the last confirmed value on Escape', async () => {
    render(<Harness />);
    const input = screen.getByLabelText('Devices');
    await userEvent.clear(input);
    await userEvent.type(input, '42');
    expect(screen.getByTestId('confirmed')).toHaveTextContent('7');
    expect(screen.getByText('Not applied')).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('confirmed')).toHaveTextContent('42');
    expect(screen.queryByText('Not applied')).toBeNull();
    await userEvent.clear(input);
    await userEvent.type(input, '9');
    await userEvent.keyboard('{Escape}');
    expect(input).toHaveValue(42);
    expect(screen.getByTestId('confirmed')).toHaveTextContent('42');
  });

  it('keeps the confirmed value when Enter confirms an empty field, and clamps to the range', async () => {
    render(<Harness />);
    const input = screen.getByLabelText('Devices');
    await userEvent.clear(input);
    await userEvent.keyboard('{Enter}');
    expect(input).toHaveValue(7);
    await userEvent.type(input, '0000');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('confirmed')).toHaveTextContent('1000');
  });

  it('parses whole numbers only', () => {
    expect(parseWhole('12.7', 100)).toBe(12);
    expect(parseWhole('-3', 100)).toBe(0);
    expect(parseWhole('', 100)).toBeNull();
    expect(parseWhole('abc', 100)).toBeNull();
  });
});

describe('calculator page', () => {
  const page = { pageContext: { locale: 'en', page: 'calculator' } } as unknown as SitePageProps;

  it('itemises the initial fleet: 50 Basic devices, free tokens, one LTE gateway bought', () => {
    render(<CalculatorPage {...page} />);
    expect(screen.getByTestId('tier')).toHaveTextContent('Basic');
    expect(screen.getByTestId('amount-devices')).toHaveTextContent('€50.00');
    expect(screen.getByTestId('amount-tokens')).toHaveTextContent('€0.00');
    expect(screen.getByTestId('amount-purchaseLte')).toHaveTextContent('€249.00');
    expect(screen.getByTestId('total')).toHaveTextContent('€50.00');
    expect(screen.getByTestId('once')).toHaveTextContent('€249.00');
  });

  it('prices only confirmed values and follows billing, storage and leasing at once', async () => {
    render(<CalculatorPage {...page} />);
    const devices = screen.getByLabelText('Devices');
    await userEvent.clear(devices);
    await userEvent.type(devices, '100');
    expect(screen.getByTestId('total')).toHaveTextContent('€50.00');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('total')).toHaveTextContent('€100.00');
    await userEvent.selectOptions(screen.getByLabelText('Storage plan'), 'year');
    expect(screen.getByTestId('tier')).toHaveTextContent('Pro');
    expect(screen.getByTestId('total')).toHaveTextContent('€180.00'); // 100 × 1.80
    await userEvent.click(screen.getByRole('button', { name: 'Yearly' }));
    // 1,200 device months × 1.80 € = 2,160 €, minus 1,200 × 0.18 € = 216 € → 1,944 € a year.
    expect(screen.getByTestId('amount-yearlyDiscount')).toHaveTextContent('-€216.00');
    expect(screen.getByTestId('total')).toHaveTextContent('€1,944.00');
    await userEvent.click(screen.getByRole('radio', { name: /^Lease/ }));
    // + 12 × 11.90 € leasing for the one LTE gateway = 142.80 €; nothing one-time any more.
    expect(screen.getByTestId('total')).toHaveTextContent('€2,086.80');
    expect(screen.getByTestId('once')).toHaveTextContent('€0.00');
  });
});
