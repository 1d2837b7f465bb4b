import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Static } from 'typebox';
import type { ErrorResponse } from '../../../server/src/schemas/common.js';
import type { DeviceImportResponse } from '../../../server/src/schemas/device-import.js';
import { FIELD_ERROR_TEXTS } from '../../../server/src/schemas/messages.js';
import { twoCompanies } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, type SignedIn } from '../helpers/users.js';

const KEY = '2B7E151628AED2A6ABF7158809CF4F3C';

// Every refusal says what is wrong as a code with parameters (which the console translates) and,
// for API users, as the English text of that code: never a sentence the console has to parse.
describe('error codes on the wire', () => {
  let t: TestApp;
  let alice: SignedIn;
  let company: string;
  beforeAll(async () => {
    ({ t, alice, company } = await twoCompanies());
  });
  afterAll(async () => t.close());

  const refused = async (method: 'POST' | 'PUT', url: string, body: object) => {
    const response = await call(t.app, alice, method, url, body);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    return response.json<Static<typeof ErrorResponse>>();
  };

  it('names a schema-level problem by the schema’s own code, with the English text beside it', async () => {
    const body = await refused('POST', '/api/device/', { company_id: company, dev_eui: 'XYZ', app_key: KEY });
    expect(body.field_codes?.dev_eui).toEqual({ code: 'dev_eui_invalid' });
    expect(body.fields?.dev_eui).toBe(FIELD_ERROR_TEXTS.dev_eui_invalid);
  });

  it('names generic problems by keyword, with their limits as parameters', async () => {
    const body = await refused('POST', '/api/device/', {
      company_id: company,
      dev_eui: 'A84041000181C6A1',
      app_key: KEY,
      name: 'x'.repeat(201),
      colour: 'red',
    });
    expect(body.field_codes?.name).toEqual({ code: 'too_long', params: { limit: 200 } });
    expect(body.fields?.name).toBe('Must be at most 200 characters.');
    expect(body.field_codes?.colour).toEqual({ code: 'unknown_field' });
  });

  it('names problems found by the handler: a duplicate DevEUI, a foreign profile', async () => {
    await call(t.app, alice, 'POST', '/api/device/', { company_id: company, dev_eui: 'A84041000181C6A2', app_key: KEY });
    const taken = await refused('POST', '/api/device/', { company_id: company, dev_eui: 'a8:40:41:00:01:81:c6:a2', app_key: KEY });
    expect(taken).toMatchObject({ code: 'duplicate', field_codes: { dev_eui: { code: 'dev_eui_taken' } } });
    const foreign = await refused('POST', '/api/device/', {
      company_id: company,
      dev_eui: 'A84041000181C6A3',
      app_key: KEY,
      config: '00000000-0000-4000-8000-000000000000',
    });
    expect(foreign.field_codes?.config).toEqual({ code: 'no_such_profile' });
  });

  it('gives every failed import row its code and parameters', async () => {
    const response = await call(t.app, alice, 'POST', '/api/device/bulk/', {
      company_id: company,
      devices: [
        { dev_eui: 'A84041000181C6B1', app_key: 'short' },
        { dev_eui: 'A84041000181C6B2', app_key: KEY, colour: 'blue', size: 3 },
        { dev_eui: 'A84041000181C6B3', app_key: KEY },
        { dev_eui: 'A84041000181C6B3', app_key: KEY },
      ],
    });
    const rows = response.json<Static<typeof DeviceImportResponse>>().results;
    expect(rows[0]).toMatchObject({ status: 'failed', code: 'app_key_invalid', error: FIELD_ERROR_TEXTS.app_key_invalid });
    expect(rows[1]).toMatchObject({ status: 'failed', code: 'unknown_fields', params: { fields: 'colour, size' }, error: 'Unknown field: colour, size.' });
    expect(rows[2]).toMatchObject({ status: 'success' });
    expect(rows[3]).toMatchObject({ status: 'duplicate', code: 'dev_eui_repeated' });
  });

  it('gives sign-up field problems their code beside the protocol’s English text', async () => {
    const signUp = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { 'st-auth-mode': 'header', rid: 'emailpassword' },
        payload: {
          formFields: [
            { id: 'email', value: 'new-user@example.com' },
            { id: 'password', value: password },
          ],
        },
      });
    const answer = (await signUp('short')).json<{ status: string; formFields: { id: string; error: string; code?: string }[] }>();
    expect(answer).toEqual({
      status: 'FIELD_ERROR',
      formFields: [{ id: 'password', error: FIELD_ERROR_TEXTS.password_too_short, code: 'password_too_short' }],
    });
  });
});
