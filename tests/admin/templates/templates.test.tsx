import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TemplateList } from '../../../admin/templates/TemplateList';
import { renderInAdmin } from '../helpers';
import { describePhoneCards, isShowingSkeleton, listAnswers } from '../listStates';

const template = (id: string, model: string, alreadyAdded: boolean) => ({
  id,
  vendor: 'Dragino',
  model,
  version: '1.8',
  description: `${model} temperature and humidity sensor`,
  supports_otaa: true,
  samples: [{ description: 'Reading', fPort: 2, bytes_hex: 'CBF60B0D0376010ADD7FFF' }],
  region: 'EU868',
  mac_version: 'LORAWAN_1_0_2',
  reg_params_revision: 'B',
  uplink_interval_s: 1200,
  already_added: alreadyAdded,
});

describe('template store', () => {
  const renderStore = (dataProvider: Record<string, unknown>) => renderInAdmin(<TemplateList />, { resource: 'templates', dataProvider });

  it('loading', async () => {
    renderStore({ getList: listAnswers.loading });
    await waitFor(() => expect(isShowingSkeleton()).toBe(true));
  });

  it('empty: no templates match', async () => {
    renderStore({ getList: listAnswers.empty });
    expect(await screen.findByText('No templates match.')).toBeInTheDocument();
  });

  it('error', async () => {
    renderStore({ getList: listAnswers.error });
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please check your connection.');
  });

  it("success: version, 'Already added' or 'Copy to my company'; copying refetches the list", async () => {
    const copyTemplate = vi.fn(async () => ({ id: 'p2' }));
    const getList = vi.fn(listAnswers.rows([template('t1', 'LHT65N', true), template('t2', 'LDS02', false)]));
    renderStore({ getList, copyTemplate });
    const added = (await screen.findByText('LHT65N')).closest('tr') as HTMLElement;
    expect(within(added).getByText('1.8')).toBeInTheDocument();
    expect(within(added).getByText('Already added')).toBeInTheDocument();
    const other = screen.getByText('LDS02').closest('tr') as HTMLElement;
    const calls = getList.mock.calls.length;
    await act(async () => fireEvent.click(within(other).getByRole('button', { name: 'Copy to my company' })));
    expect(copyTemplate).toHaveBeenCalledWith('t2');
    await waitFor(() => expect(getList.mock.calls.length).toBeGreaterThan(calls));
  });

  it('a row opens to its description, the network settings its profile gets, and sample uplinks', async () => {
    renderStore({ getList: listAnswers.rows([template('t2', 'LDS02', false)]) });
    fireEvent.click(await screen.findByText('LDS02'));
    expect(await screen.findByText('LDS02 temperature and humidity sensor')).toBeInTheDocument();
    expect(screen.getByTestId('template-sample')).toHaveTextContent('fPort 2: CBF60B0D0376010ADD7FFF');
    const settings = screen.getByTestId('template-network');
    expect([...settings.querySelectorAll('dt, dd')].map((cell) => cell.textContent)).toEqual([
      'Region',
      'EU868 (Europe, 863–870 MHz)',
      'LoRaWAN MAC version',
      'LoRaWAN 1.0.2',
      'Regional parameters revision',
      'B',
      'Expected uplink interval (seconds)',
      '1200',
    ]);
  });
});

describePhoneCards('templates', () => <TemplateList />, template('t2', 'LDS02', false), {
  title: 'Dragino LDS02',
  facts: { en: [/^Version:/, '1.8'], de: [/^Version:/, '1.8'] },
  action: /Copy to my company/,
  empty: /No templates match/,
  tableText: 'DraginoLDS02',
});
