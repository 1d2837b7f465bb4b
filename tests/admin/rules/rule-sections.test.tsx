import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SimpleForm } from 'react-admin';
import { RuleHistory } from '../../../admin/rules/RuleHistory';
import { RulePreview } from '../../../admin/rules/RulePreview';
import { renderInAdmin } from '../helpers';
import { failing, firing, pending, preview, rule } from './samples';

const texts = {
  en: {
    history: 'History',
    historyEmpty: 'The rule has not fired yet.',
    historyError: 'The history could not be loaded.',
    fired: 'Fired',
    resolved: 'Resolved',
    run: 'Test against the last 24 h',
    previewEmpty: /would not have fired in the last 24 hours \(12 values/,
    previewError: 'The test could not run. Check the conditions.',
    preview: 'Last 24 hours',
  },
  de: {
    history: 'Verlauf',
    historyEmpty: 'Die Regel hat noch nicht ausgelöst.',
    historyError: 'Der Verlauf konnte nicht geladen werden.',
    fired: 'Ausgelöst',
    resolved: 'Behoben',
    run: 'Mit den letzten 24 h testen',
    previewEmpty: /hätte in den letzten 24 Stunden nicht ausgelöst \(12 Werte/,
    previewError: 'Der Test konnte nicht laufen. Prüfen Sie die Bedingungen.',
    preview: 'Letzte 24 Stunden',
  },
} as const;

describe.each(['en', 'de'] as const)('rule history in %s', (locale) => {
  const t = texts[locale];
  const render = (ruleFirings: () => Promise<unknown>) =>
    renderInAdmin(<RuleHistory rule={rule} />, { dataProvider: { ruleFirings: vi.fn(ruleFirings) }, locale });

  it('loading: a progress bar under the title', async () => {
    render(pending);
    const region = await screen.findByRole('region', { name: t.history });
    expect(within(region).getByRole('progressbar')).toBeInTheDocument();
  });
  it('empty: has not fired yet', async () => {
    render(async () => []);
    expect(await screen.findByText(t.historyEmpty)).toBeInTheDocument();
  });
  it('error: the failure', async () => {
    render(failing);
    expect(await screen.findByText(t.historyError)).toBeInTheDocument();
  });
  it('success: each transition with its device and values', async () => {
    render(async () => [firing]);
    expect(await screen.findByText('Cold room sensor')).toBeInTheDocument();
    expect(screen.getByText(t.fired)).toBeInTheDocument();
    expect(screen.getByText('temperature = 9.5')).toBeInTheDocument();
  });
});

describe.each(['en', 'de'] as const)('rule preview in %s', (locale) => {
  const t = texts[locale];
  const render = (previewRule: () => Promise<unknown>) => {
    const spy = vi.fn(previewRule);
    renderInAdmin(
      <SimpleForm record={rule} toolbar={false}>
        <RulePreview />
      </SimpleForm>,
      { dataProvider: { previewRule: spy }, locale },
    );
    return spy;
  };
  const run = async () => fireEvent.click(await screen.findByRole('button', { name: t.run }));

  it('loading: a progress bar while the replay runs', async () => {
    render(pending);
    await run();
    const region = await screen.findByRole('region', { name: t.preview });
    expect(within(region).getByRole('progressbar')).toBeInTheDocument();
  });
  it('empty: would not have fired, with how much was replayed', async () => {
    render(async () => ({ ...preview, samples: 12, transitions: [] }));
    await run();
    expect(await screen.findByText(t.previewEmpty)).toBeInTheDocument();
  });
  it('error: the test could not run', async () => {
    render(failing);
    await run();
    expect(await screen.findByText(t.previewError)).toBeInTheDocument();
  });
  it('success: sends the rule as entered and lists when it would have fired', async () => {
    const spy = render(async () => preview);
    await run();
    expect(await screen.findByText(t.resolved)).toBeInTheDocument();
    expect(screen.getByText('temperature = 7.2')).toBeInTheDocument();
    expect(spy).toHaveBeenCalledWith(expect.objectContaining({ scope: 'company', condition: rule.condition, hysteresis: 0.5, schedule: null }));
  });
});
