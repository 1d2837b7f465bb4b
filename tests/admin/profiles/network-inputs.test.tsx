import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { HttpError, type DataProvider } from 'react-admin';
import { ProfileCreate } from '../../../admin/profiles/ProfileCreate';
import { ProfileEdit } from '../../../admin/profiles/ProfileEdit';
import { macVersionLabel, regParamsRevisionLabel } from '../../../admin/profiles/networkLabels';
import { fieldErrorMessage } from '../../../admin/providers/serverMessages';
import { renderInAdmin } from '../helpers';

const select = async (label: string, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
};
const save = (name = 'Save') => act(async () => fireEvent.click(screen.getByRole('button', { name })));

describe('network settings of a profile', () => {
  it('names MAC versions and revisions as the standards do', () => {
    expect(macVersionLabel('LORAWAN_1_0_3')).toBe('LoRaWAN 1.0.3');
    expect(macVersionLabel('LORAWAN_1_1_0')).toBe('LoRaWAN 1.1.0');
    expect(regParamsRevisionLabel('B')).toBe('B');
    expect(regParamsRevisionLabel('RP002_1_0_3')).toBe('RP002-1.0.3');
  });

  it('create: starts at EU868, LoRaWAN 1.0.3, A, an hour; offers every region; sends what was chosen', async () => {
    const create = vi.fn(async () => ({ data: { id: 'p1' } })) as DataProvider['create'] & Mock;
    renderInAdmin(<ProfileCreate />, { resource: 'profiles', dataProvider: { create } });
    expect(screen.getByRole('combobox', { name: 'Region' })).toHaveTextContent('EU868 (Europe, 863–870 MHz)');
    expect(screen.getByRole('combobox', { name: 'LoRaWAN MAC version' })).toHaveTextContent('LoRaWAN 1.0.3');
    expect(screen.getByRole('combobox', { name: 'Regional parameters revision' })).toHaveTextContent('A');
    expect(screen.getByLabelText(/Expected uplink interval \(seconds\)/)).toHaveValue(3600);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Region' }));
    const regions = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(regions).toHaveLength(14);
    expect(regions.map((option) => option.textContent)).toContain('AS923-2 (Asia, 923 MHz, group 2)');
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'US915 (United States, 902–928 MHz)' }));
    await select('LoRaWAN MAC version', 'LoRaWAN 1.0.2');
    await select('Regional parameters revision', 'B');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Water meter' } });
    fireEvent.change(screen.getByLabelText(/Expected uplink interval \(seconds\)/), { target: { value: '900' } });
    await save();
    expect(create).toHaveBeenCalledWith(
      'profiles',
      expect.objectContaining({
        data: expect.objectContaining({ name: 'Water meter', region: 'US915', mac_version: 'LORAWAN_1_0_2', reg_params_revision: 'B', uplink_interval_s: 900 }),
      }),
    );
  });

  it.each(['0', '1.5'])('create: refuses the interval %s in the form and sends nothing', async (interval) => {
    const create = vi.fn() as DataProvider['create'] & Mock;
    renderInAdmin(<ProfileCreate />, { resource: 'profiles', dataProvider: { create } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Water meter' } });
    fireEvent.change(screen.getByLabelText(/Expected uplink interval \(seconds\)/), { target: { value: interval } });
    await save();
    expect(await screen.findByText('Enter a whole number of seconds, at least 1.')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it("edit, in German: the stored settings, German labels, and the server's refusal under its field in German", async () => {
    const getOne = (async () => ({
      data: {
        id: 'p1',
        name: 'Zähler',
        codec: '',
        supports_otaa: true,
        supports_class_b: false,
        supports_class_c: false,
        region: 'KR920',
        mac_version: 'LORAWAN_1_0_2',
        reg_params_revision: 'B',
        uplink_interval_s: 900,
      },
    })) as DataProvider['getOne'];
    const update = vi.fn(async () => {
      throw new HttpError('app.errors.validation', 400, { code: 'validation', errors: { region: fieldErrorMessage({ code: 'not_allowed' }) } });
    }) as DataProvider['update'] & Mock;
    renderInAdmin(<ProfileEdit />, {
      path: '/profiles/p1',
      routePath: '/profiles/:id',
      resource: 'profiles',
      locale: 'de',
      dataProvider: { getOne, update },
    });
    expect(await screen.findByRole('combobox', { name: 'Region' })).toHaveTextContent('KR920 (Südkorea, 920–923 MHz)');
    expect(screen.getByRole('combobox', { name: 'LoRaWAN-MAC-Version' })).toHaveTextContent('LoRaWAN 1.0.2');
    expect(screen.getByRole('combobox', { name: 'Revision der Regionalparameter' })).toHaveTextContent('B');
    expect(screen.getByLabelText(/Erwarteter Uplink-Abstand \(Sekunden\)/)).toHaveValue(900);
    await select('Region', 'EU868 (Europa, 863–870 MHz)');
    await save('Speichern');
    expect(update).toHaveBeenCalledWith('profiles', expect.objectContaining({ data: expect.objectContaining({ region: 'EU868' }) }));
    expect(await screen.findByText('Ist keiner der erlaubten Werte.')).toBeInTheDocument();
  });
});
