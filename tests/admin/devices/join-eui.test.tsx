import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { HttpError, type DataProvider } from 'react-admin';
import { DeviceCreate } from '../../../admin/devices/DeviceCreate';
import { DeviceEdit } from '../../../admin/devices/DeviceEdit';
import { normaliseJoinEui, validateJoinEui } from '../../../admin/devices/hex';
import { fieldErrorMessage } from '../../../admin/providers/serverMessages';
import { renderInAdmin } from '../helpers';
import { listAnswers } from '../listStates';

const KEY = '2B7E151628AED2A6ABF7158809CF4F3C';
const references = { getList: listAnswers.empty, getMany: async () => ({ data: [] }) };
const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the JoinEUI in the device form', () => {
  it.each(['70B3D57ED0012345', '0x70b3d57ed0012345', '70-B3-D5-7E-D0-01-23-45', ' 70:b3:d5:7e:d0:01:23:45 '])('accepts %j', (value) => {
    expect(validateJoinEui(value)).toBeUndefined();
    expect(normaliseJoinEui(value)).toBe('70B3D57ED0012345');
  });

  it('takes empty as none: the zeros the API stores for a device without one', () => {
    for (const value of ['', '  ', null, undefined]) expect(validateJoinEui(value)).toBeUndefined();
    expect(normaliseJoinEui('')).toBe('0000000000000000');
    expect(normaliseJoinEui(null)).toBe('0000000000000000');
  });

  it.each(['70B3D57ED00123', '70B3D57ED001234G', '70B3D57ED0012345FF'])('refuses %j', (value) => {
    expect(validateJoinEui(value)).toBe('app.devices.join_eui_invalid');
  });

  it('register: a bad JoinEUI is shown under its field and nothing is sent', async () => {
    const create = vi.fn() as DataProvider['create'] & Mock;
    renderInAdmin(<DeviceCreate />, { resource: 'devices', dataProvider: { create, ...references } });
    expect(screen.getByText('Also called AppEUI. Leave empty if the device has none: it then joins with zeros.')).toBeInTheDocument();
    fill(/DevEUI/, 'A84041000181C61E');
    fill(/JoinEUI/, '70B3D57ED00123');
    fill(/AppKey/, KEY);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(await screen.findByText('JoinEUI must be 16 hexadecimal digits.')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it.each([
    ['70-b3-d5-7e-d0-01-23-45', '70B3D57ED0012345'],
    ['', undefined],
  ])('register: the JoinEUI %j is sent as %j (none: the API stores zeros)', async (typed, sent) => {
    const create = vi.fn(async () => ({ data: { id: 'd1' } })) as DataProvider['create'] & Mock;
    renderInAdmin(<DeviceCreate />, { resource: 'devices', dataProvider: { create, ...references } });
    fill(/DevEUI/, 'A84041000181C61E');
    if (typed) fill(/JoinEUI/, typed);
    fill(/AppKey/, KEY);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(create).toHaveBeenCalledTimes(1);
    const data = create.mock.calls[0]?.[1].data as Record<string, unknown>;
    expect([data.dev_eui, data.join_eui]).toEqual(['A84041000181C61E', sent]);
  });

  it("edit, in German: shows the stored JoinEUI, and the server's refusal under the field in German", async () => {
    const getOne = (async () => ({
      data: { id: 'd1', name: 'Keller', dev_eui: 'A84041000181C61E', join_eui: '70B3D57ED0012345', app_key: KEY, config: null, unit: null },
    })) as DataProvider['getOne'];
    const update = vi.fn(async () => {
      throw new HttpError('app.errors.validation', 400, { code: 'validation', errors: { join_eui: fieldErrorMessage({ code: 'join_eui_invalid' }) } });
    }) as DataProvider['update'] & Mock;
    renderInAdmin(<DeviceEdit />, {
      path: '/devices/d1',
      routePath: '/devices/:id',
      resource: 'devices',
      locale: 'de',
      dataProvider: { getOne, update, deviceTopics: async () => [], ...references },
    });
    const input = await screen.findByDisplayValue('70B3D57ED0012345');
    expect(screen.getByText('Auch AppEUI genannt. Leer lassen, wenn das Gerät keine hat: Es tritt dann mit Nullen bei.')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '70:b3:d5:7e:d0:01:23:46' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' })));
    expect(update).toHaveBeenCalledWith('devices', expect.objectContaining({ data: expect.objectContaining({ join_eui: '70B3D57ED0012346' }) }));
    expect(await screen.findByText('Die JoinEUI muss aus 16 Hexadezimalziffern bestehen.')).toBeInTheDocument();
  });
});
