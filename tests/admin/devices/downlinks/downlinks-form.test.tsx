import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chirpstack, created, failures, listed, never, renderPanel, standalone } from './render';

const panel = (name = 'Downlinks') => screen.findByRole('region', { name });

/** Fills the form as a user would (the encoding through its menu) and sends it. */
async function sendForm(fields: { fPort?: string; encoding?: string; payload: string; confirmed?: boolean }, labels = LABELS.en) {
  const send = await screen.findByRole('button', { name: labels.send });
  if (fields.encoding) {
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: labels.encoding }));
    fireEvent.click(await screen.findByRole('option', { name: fields.encoding }));
  }
  if (fields.fPort !== undefined) fireEvent.change(screen.getByRole('textbox', { name: 'FPort' }), { target: { value: fields.fPort } });
  if (fields.confirmed) fireEvent.click(screen.getByRole('checkbox', { name: labels.confirmed }));
  fireEvent.change(screen.getByRole('textbox', { name: labels.payload }), { target: { value: fields.payload } });
  await act(async () => fireEvent.click(send));
}

const LABELS = {
  en: { encoding: 'Payload format', confirmed: 'Confirmed', payload: 'Payload', send: 'Send' },
  de: { encoding: 'Nutzdatenformat', confirmed: 'Bestätigt', payload: 'Nutzdaten', send: 'Senden' },
};

describe('downlinks panel: states', () => {
  it('loading: a progress bar while the network server mode is read, no form yet', async () => {
    renderPanel({ networkStatus: never });
    expect(within(await panel()).getByRole('progressbar')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('empty: the form, and no downlinks, nothing to flush', async () => {
    const provider = renderPanel();
    expect(await screen.findByText('No downlinks sent yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Flush queue' })).toBeDisabled();
    expect(provider.downlinks).toHaveBeenCalledWith('d1');
  });

  it.each([
    ['en', 'Downlinks', 'Downlinks need a network server (ChirpStack).'],
    ['de', 'Downlinks', 'Downlinks brauchen einen Netzwerkserver (ChirpStack).'],
  ] as const)('standalone (%s): says that downlinks need a network server, instead of the form', async (locale, title, sentence) => {
    const provider = renderPanel({ networkStatus: standalone }, locale);
    expect(await within(await panel(title)).findByText(new RegExp(sentence.replace(/[()]/g, '\\$&')))).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Send|Senden/ })).toBeNull();
    expect(provider.downlinks).not.toHaveBeenCalled();
  });

  it('standalone learned from a 409 answer to sending when the mode could not be read', async () => {
    renderPanel({ networkStatus: () => Promise.reject(failures.offline()), sendDownlink: () => Promise.reject(failures.required()) });
    await sendForm({ payload: '01' });
    expect(await screen.findByText(/Downlinks need a network server/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });
});

describe('downlinks panel: sending', () => {
  it('success: sends hex with port and confirmed, says so, empties the payload and shows it pending in the list', async () => {
    let answer = [] as typeof listed;
    const sent = created({ f_port: 10, confirmed: true, data_hex: '01A4FF' });
    const provider = renderPanel({
      downlinks: async () => answer,
      sendDownlink: async () => {
        answer = [sent];
        return sent;
      },
    });
    await screen.findByText('No downlinks sent yet.');
    await sendForm({ fPort: '10', payload: '01 a4 ff', confirmed: true });
    expect(provider.sendDownlink).toHaveBeenCalledWith('d1', { f_port: 10, confirmed: true, encoding: 'hex', payload: '01 a4 ff' });
    expect(await screen.findByText(/^Downlink on FPort 10 recorded: 01A4FF\./)).toBeInTheDocument();
    expect(((await screen.findByRole('cell', { name: '01A4FF' })).closest('tr') as HTMLElement).textContent).toContain('Waiting to be sent');
    expect(screen.getByRole('textbox', { name: 'Payload' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'FPort' })).toHaveValue('10');
  });

  it("success: JSON for the profile's codec, the port left to the codec, its warnings shown", async () => {
    const provider = renderPanel({ sendDownlink: async () => created({ f_port: 10, data_hex: '0100D2', warnings: ['whole degrees'] }) });
    await sendForm({ encoding: 'JSON (profile codec)', fPort: '', payload: '{"setpoint": 21}' });
    expect(provider.sendDownlink).toHaveBeenCalledWith('d1', { confirmed: false, encoding: 'json', payload: '{"setpoint": 21}' });
    expect(await screen.findByText(/^Downlink on FPort 10 recorded: 0100D2\./)).toBeInTheDocument();
    expect(screen.getByText('Codec warning: whole degrees')).toBeInTheDocument();
  });

  it.each([
    ['en', 'The codec could not encode this: setpoint out of range'],
    ['de', 'Der Codec konnte dies nicht kodieren: setpoint out of range'],
  ] as const)("error (%s): the codec's message under the payload, in the user's language", async (locale, text) => {
    renderPanel({ sendDownlink: () => Promise.reject(failures.codec('setpoint out of range')) }, locale);
    const labels = LABELS[locale];
    await sendForm({ encoding: locale === 'en' ? 'JSON (profile codec)' : 'JSON (Codec des Profils)', payload: '{"setpoint": 31}' }, labels);
    const payload = screen.getByRole('textbox', { name: labels.payload });
    // The mutation's answer reaches the screen on react-query's next tick.
    await waitFor(() => expect(payload).toHaveAccessibleDescription(text));
    expect(payload).toHaveAttribute('aria-invalid', 'true');
  });

  it('error: a payload the server refuses, shown under the field until it is edited', async () => {
    renderPanel({ sendDownlink: () => Promise.reject(failures.payloadInvalid()) });
    await sendForm({ payload: '01 0G' });
    const payload = screen.getByRole('textbox', { name: 'Payload' });
    await waitFor(() => expect(payload).toHaveAccessibleDescription('Enter the bytes as hexadecimal (e.g. 01 A4 FF) or base64.'));
    fireEvent.change(payload, { target: { value: '01 0F' } });
    await waitFor(() => expect(payload).toHaveAccessibleDescription('The bytes as hex, e.g. 01 A4 FF'));
  });

  it.each([
    ['en', 'Network error. Please check your connection.'],
    ['de', 'Netzwerkfehler. Bitte prüfen Sie Ihre Verbindung.'],
  ] as const)('error (%s): the API out of reach, said above the button', async (locale, text) => {
    renderPanel({ sendDownlink: () => Promise.reject(failures.offline()) }, locale);
    await sendForm({ payload: '01' }, LABELS[locale]);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it.each([
    ['en', 'Too many codec runs are waiting. Please try again in a moment.'],
    ['de', 'Zu viele Codec-Läufe warten. Bitte versuchen Sie es gleich noch einmal.'],
  ] as const)('error (%s): the codec sandbox too busy for this company (issue #16), said above the button', async (locale, text) => {
    renderPanel({ sendDownlink: () => Promise.reject(failures.codecBusy()) }, locale);
    await sendForm({ payload: '01' }, LABELS[locale]);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('refuses a port outside 1..223 before asking, and needs one for bytes', async () => {
    const provider = renderPanel({ networkStatus: chirpstack });
    const fPort = await screen.findByRole('textbox', { name: 'FPort' });
    for (const value of ['0', '224', '1.5', '']) {
      fireEvent.change(fPort, { target: { value } });
      expect(fPort).toHaveAccessibleDescription('A whole number from 1 to 223');
      expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    }
    fireEvent.change(fPort, { target: { value: '223' } });
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(provider.sendDownlink).not.toHaveBeenCalled();
  });
});
