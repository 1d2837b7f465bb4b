import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Form, HttpError } from 'react-admin';
import { CodecTestPanel } from '../../../admin/profiles/CodecTestPanel';
import { isValidPayload } from '../../../admin/profiles/payload';
import { renderInAdmin } from '../helpers';
import { fieldErrorMessage } from '../../../admin/providers/serverMessages';
import type { CodecTestResult } from '../../../admin/types/api';

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
    const calls = setup(async () => ({ ok: true, data: { first: 1 }, warnings: ['low battery'], errors: [], bytes: [1, 164, 255] }));
    expect(screen.getByRole('button', { name: 'Run' })).toBeDisabled();
    type('01 a4 ff');
    await run();
    expect(calls).toHaveBeenCalledWith({ codec: CODEC, payload: '01 a4 ff', encoding: 'hex', fPort: 1 });
    expect(screen.getByTestId('codec-output')).toHaveTextContent('"first": 1');
    expect(screen.getByText('low battery')).toBeInTheDocument();
  });

  it('refuses a malformed payload in the form, in the chosen encoding', () => {
    const calls = setup(async () => ({ ok: true, warnings: [], errors: [], bytes: [] }));
    type('1A4');
    expect(screen.getByText('Enter whole bytes as hexadecimal, e.g. 01 A4 FF.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Base64' }));
    type('AaT');
    expect(screen.getByText('This is not valid base64.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run' })).toBeDisabled();
    expect(calls).not.toHaveBeenCalled();
  });

  it("shows the codec's failure: its kind and message", async () => {
    setup(async () => ({ ok: false, warnings: [], errors: [], error: { kind: 'timeout', message: 'Interrupted after 100 ms' }, bytes: [1] }));
    type('01');
    await run();
    expect(screen.getByRole('alert')).toHaveTextContent('The codec failed (timeout).');
    expect(screen.getByRole('alert')).toHaveTextContent('Interrupted after 100 ms');
  });

  it('shows an API failure in words', async () => {
    setup(() => Promise.reject(new HttpError('app.errors.validation', 400, { errors: { payload: fieldErrorMessage({ code: 'payload_invalid' }) } })));
    type('01');
    await run();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the bytes as hexadecimal (e.g. 01 A4 FF) or base64.');
  });
});
