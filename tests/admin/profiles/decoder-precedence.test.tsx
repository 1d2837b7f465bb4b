import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { HttpError, type DataProvider } from 'react-admin';
import { ProfileCreate } from '../../../admin/profiles/ProfileCreate';
import { ProfileEdit } from '../../../admin/profiles/ProfileEdit';
import { renderInAdmin } from '../helpers';
import { DESKTOP_WIDTH, PHONE_WIDTH, stubViewportWidth } from '../viewport';

const save = (name = 'Save') => act(async () => fireEvent.click(screen.getByRole('button', { name })));
const NETWORK_SERVER = "The network server's decoding (ChirpStack)";
const PROFILE_CODEC = "This profile's codec";

const stored = {
  id: 'p1',
  name: 'Zähler',
  codec: 'function decodeUplink() { return {}; }',
  supports_otaa: true,
  supports_class_b: false,
  supports_class_c: false,
  region: 'EU868',
  mac_version: 'LORAWAN_1_0_3',
  reg_params_revision: 'A',
  uplink_interval_s: 3600,
  decoder_precedence: 'profile_codec',
};

const renderEdit = (getOne: DataProvider['getOne'], update: DataProvider['update'] = vi.fn(), locale?: 'en' | 'de') =>
  renderInAdmin(<ProfileEdit />, { path: '/profiles/p1', routePath: '/profiles/:id', resource: 'profiles', locale, dataProvider: { getOne, update } });

describe.each([
  ['phone', PHONE_WIDTH],
  ['desktop', DESKTOP_WIDTH],
])('which decoder wins, in the profile form at %s width', (_name, width) => {
  afterEach(() => vi.unstubAllGlobals());

  it("create: the network server's decoding is chosen at first, with why it matters; the choice is sent", async () => {
    stubViewportWidth(width);
    const create = vi.fn(async () => ({ data: { id: 'p1' } })) as DataProvider['create'] & Mock;
    renderInAdmin(<ProfileCreate />, { resource: 'profiles', dataProvider: { create } });
    expect(screen.getByRole('group', { name: 'Values when both decode' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: NETWORK_SERVER })).toBeChecked();
    expect(screen.getByText(/When it does and this profile has a codec too/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: PROFILE_CODEC }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Water meter' } });
    await save();
    expect(create).toHaveBeenCalledWith('profiles', expect.objectContaining({ data: expect.objectContaining({ decoder_precedence: 'profile_codec' }) }));
  });

  it('edit: loading shows no choice yet, then the stored one', async () => {
    stubViewportWidth(width);
    let answer: (value: { data: typeof stored }) => void = () => undefined;
    renderEdit((() => new Promise<{ data: typeof stored }>((resolve) => (answer = resolve))) as DataProvider['getOne']);
    expect(screen.queryByRole('radio', { name: PROFILE_CODEC })).toBeNull();
    await act(async () => answer({ data: stored }));
    expect(await screen.findByRole('radio', { name: PROFILE_CODEC })).toBeChecked();
  });
});

describe('which decoder wins, when editing', () => {
  it('a profile stored without a choice (empty) shows neither checked and saves what is picked', async () => {
    const update = vi.fn(async (_resource, params: { data: object }) => ({ data: { ...stored, ...params.data } })) as DataProvider['update'] & Mock;
    renderEdit((async () => ({ data: { ...stored, decoder_precedence: undefined } })) as DataProvider['getOne'], update);
    const networkServer = await screen.findByRole('radio', { name: NETWORK_SERVER });
    expect(networkServer).not.toBeChecked();
    expect(screen.getByRole('radio', { name: PROFILE_CODEC })).not.toBeChecked();
    fireEvent.click(networkServer);
    await save();
    expect(update).toHaveBeenCalledWith('profiles', expect.objectContaining({ data: expect.objectContaining({ decoder_precedence: 'network_server' }) }));
  });

  it("in German, with the server's refusal under the field", async () => {
    const update = vi.fn(async () => {
      throw new HttpError('app.errors.validation', 400, { code: 'validation', errors: { decoder_precedence: 'Ist keiner der erlaubten Werte.' } });
    }) as DataProvider['update'] & Mock;
    renderEdit((async () => ({ data: stored })) as DataProvider['getOne'], update, 'de');
    expect(await screen.findByRole('radio', { name: 'Codec dieses Profils' })).toBeChecked();
    expect(screen.getByRole('group', { name: 'Werte, wenn beide dekodieren' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'Dekodierung des Netzwerkservers (ChirpStack)' }));
    await save('Speichern');
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(await screen.findByText('Ist keiner der erlaubten Werte.')).toBeInTheDocument();
  });
});
