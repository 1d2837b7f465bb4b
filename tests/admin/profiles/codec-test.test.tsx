import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Form, HttpError } from 'react-admin';
import { CodecTestPanel } from '../../../admin/profiles/CodecTestPanel';
import { isValidPayload } from '../../../admin/profiles/payload';
import { renderInAdmin } from '../helpers';
import { fieldErrorMessage } from '../../../admin/providers/serverMessages';
import type { CodecTestResult } from '../../../admin/types/api';
import { DESKTOP_WIDTH, PHONE_WIDTH, stubViewportWidth } from '../viewport';

const CODEC = 'function decodeUplink(input) { return { data: { first: input.bytes[0] } }; }';

function setup(codecTest: (input: unknown) => Promise<CodecTestResult>) {
  const calls = vi.fn(codecTest);
  renderInAdmin(
    <Form defaultValues={{ codec: CODEC }}>
      <CodecTestPanel />
    </Form>,
    { dataProvider: { codecTest: calls } },
  );
  return calls;
}

/** A run that wrote nothing to the console. */
const quiet = { console: [], console_truncated: false };

const run = async () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Run' })));
const type = (value: string) => fireEvent.change(screen.getByLabelText('Payload'), { target: { value } });

describe('payload parsing', () => {
  it.each(['01A4FF', '01 a4 ff', '0x01a4ff', '01:A4:FF'])('accepts the hex %j', (value) => expect(isValidPayload(value, 'hex')).toBe(true));
  it.each(['1A4', 'zz', ' '])('refuses the hex %j', (value) => expect(isValidPayload(value, 'hex')).toBe(false));
  it('checks base64', () => {
    expect(isValidPayload('AaT/', 'base64')).toBe(true);
    expect(isValidPayload('AaT', 'base64')).toBe(false);
  });
});

describe('codec test run', () => {
  it('sends the script as typed with the payload and shows the decoded output', async () => {
    const calls = setup(async () => ({ ok: true, data: { first: 1 }, warnings: ['low battery'], errors: [], bytes: [1, 164, 255], ...quiet }));
    expect(screen.getByRole('button', { name: 'Run' })).toBeDisabled();
    type('01 a4 ff');
    await run();
    expect(calls).toHaveBeenCalledWith({ codec: CODEC, payload: '01 a4 ff', encoding: 'hex', fPort: 1 });
    expect(await screen.findByTestId('codec-output')).toHaveTextContent('"first": 1');
    expect(screen.getByText('low battery')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Console output' })).toBeNull();
  });

  it('refuses a malformed payload in the form, in the chosen encoding', () => {
    const calls = setup(async () => ({ ok: true, warnings: [], errors: [], bytes: [], ...quiet }));
    type('1A4');
    expect(screen.getByText('Enter whole bytes as hexadecimal, e.g. 01 A4 FF.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Base64' }));
    type('AaT');
    expect(screen.getByText('This is not valid base64.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run' })).toBeDisabled();
    expect(calls).not.toHaveBeenCalled();
  });

  it("shows the codec's failure: its kind and message", async () => {
    setup(async () => ({ ok: false, warnings: [], errors: [], error: { kind: 'timeout', message: 'Interrupted after 100 ms' }, bytes: [1], ...quiet }));
    type('01');
    await run();
    expect(await screen.findByRole('alert')).toHaveTextContent('The codec failed (timeout).');
    expect(screen.getByRole('alert')).toHaveTextContent('Interrupted after 100 ms');
  });

  it('explains a result over the output cap in its own words (issue #16)', async () => {
    setup(async () => ({ ok: false, warnings: [], errors: [], error: { kind: 'output-too-large', message: 'English text' }, bytes: [1], ...quiet }));
    type('01');
    await run();
    expect(await screen.findByRole('alert')).toHaveTextContent('The codec failed (output-too-large).');
    expect(screen.getByRole('alert')).toHaveTextContent('Its result is larger than 64 KiB as JSON; nothing of it is kept.');
    expect(screen.getByRole('alert')).not.toHaveTextContent('English text');
  });

  it('says so when too many codec runs wait (issue #16)', async () => {
    setup(() => Promise.reject(new HttpError('app.errors.codecBusy', 429, { code: 'codecBusy', errors: {} })));
    type('01');
    await run();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many codec runs are waiting. Please try again in a moment.');
  });

  it('shows an API failure in words', async () => {
    setup(() => Promise.reject(new HttpError('app.errors.validation', 400, { errors: { payload: fieldErrorMessage({ code: 'payload_invalid' }) } })));
    type('01');
    await run();
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the bytes as hexadecimal (e.g. 01 A4 FF) or base64.');
  });

  it("shows the codec's console lines with their level, and says when output was cut", async () => {
    setup(async () => ({
      ok: true,
      data: {},
      warnings: [],
      errors: [],
      bytes: [1],
      console: [
        { level: 'log', text: 'header 0x01' },
        { level: 'warn', text: 'unknown channel {"id":9}' },
      ],
      console_truncated: true,
    }));
    type('01');
    await run();
    const output = await screen.findByRole('region', { name: 'Console output' });
    const lines = within(output).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual(['logheader 0x01', 'warnunknown channel {"id":9}']);
    expect(output).toHaveTextContent('The codec wrote more than a test run keeps; the rest was cut.');
  });

  it("shows the console and the codec's own errors of a failed run, each error on its own", async () => {
    setup(async () => ({
      ok: false,
      warnings: [],
      errors: ['unknown frame', '["nested","list"]'],
      error: { kind: 'exception', message: 'Error: bad frame' },
      bytes: [1],
      console: [{ level: 'error', text: 'frame type 7' }],
      console_truncated: false,
    }));
    type('01');
    await run();
    expect(await screen.findByText('unknown frame')).toBeInTheDocument();
    expect(screen.getByText('["nested","list"]')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Console output' })).getByText('frame type 7')).toBeInTheDocument();
    expect(screen.queryByText('The codec wrote more than a test run keeps; the rest was cut.')).toBeNull();
  });

  it('sends the receive time typed, as UTC, and nothing when the field is empty', async () => {
    const calls = setup(async () => ({ ok: true, data: {}, warnings: [], errors: [], bytes: [1], ...quiet }));
    type('01');
    fireEvent.change(screen.getByLabelText('Received at (recvTime)'), { target: { value: ' 2026-06-01T12:00:00+02:00 ' } });
    await run();
    expect(calls).toHaveBeenLastCalledWith({ codec: CODEC, payload: '01', encoding: 'hex', fPort: 1, recvTime: '2026-06-01T10:00:00.000Z' });
    await screen.findByTestId('codec-output');
    fireEvent.change(screen.getByLabelText('Received at (recvTime)'), { target: { value: '' } });
    await run();
    await waitFor(() => expect(calls).toHaveBeenCalledTimes(2));
    expect(calls).toHaveBeenLastCalledWith({ codec: CODEC, payload: '01', encoding: 'hex', fPort: 1 });
  });

  it.each(['2026-06-01', '2026-06-01T12:00', '2026-06-01T12:00:00', 'tomorrow', '2026-02-30T25:00:00Z'])(
    'refuses the receive time %j in the form and sends nothing',
    (value) => {
      const calls = setup(async () => ({ ok: true, data: {}, warnings: [], errors: [], bytes: [1], ...quiet }));
      type('01');
      fireEvent.change(screen.getByLabelText('Received at (recvTime)'), { target: { value } });
      expect(screen.getByText('Enter date, time to the second and time zone, e.g. 2026-11-22T12:00:00Z.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Run' })).toBeDisabled();
      expect(calls).not.toHaveBeenCalled();
    },
  );

  it('loading: the Run button waits for the answer', async () => {
    let answer: (result: CodecTestResult) => void = () => undefined;
    setup(() => new Promise((resolve) => (answer = resolve)));
    type('01');
    await run();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Run' })).toBeDisabled());
    await act(async () => answer({ ok: true, data: { done: true }, warnings: [], errors: [], bytes: [1], ...quiet }));
    expect(await screen.findByTestId('codec-output')).toHaveTextContent('"done": true');
    expect(screen.getByRole('button', { name: 'Run' })).toBeEnabled();
  });
});

describe.each([
  ['phone', PHONE_WIDTH],
  ['desktop', DESKTOP_WIDTH],
])('codec test run at %s width', (_name, width) => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers every input and shows the output', async () => {
    stubViewportWidth(width);
    setup(async () => ({
      ok: true,
      data: { first: 1 },
      warnings: [],
      errors: [],
      bytes: [1],
      console: [{ level: 'info', text: 'ok' }],
      console_truncated: false,
    }));
    for (const label of ['Payload', 'fPort', 'Received at (recvTime)']) expect(screen.getByLabelText(label)).toBeVisible();
    type('01');
    await run();
    expect(await screen.findByTestId('codec-output')).toHaveTextContent('"first": 1');
    expect(screen.getByRole('region', { name: 'Console output' })).toHaveTextContent('ok');
  });
});
