import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_PERMISSIONS } from '../../../server/src/domain/permissions.js';
import { call, callStream, callWithKey } from '../helpers/users.js';
import { CREDENTIALS, MatrixFixture, PRINCIPALS } from './matrix-fixture.js';
import { expected, MATRIX } from './matrix-table.js';

/**
 * Every route and verb × role (owner, admin, member, viewer, outsider) × credential (session; API
 * keys scoped to the caller's company, for all companies, read-only), generated from MATRIX
 * (issue #15). A cell "allowed" passed the access check: anything but 401, 403, 404 or 5xx.
 */
describe('role × route matrix', () => {
  let f: MatrixFixture;
  beforeAll(async () => {
    f = await MatrixFixture.create();
  });
  afterAll(async () => f?.t.close());

  it('covers every route of the permission table, and nothing else', () => {
    const covered = MATRIX.map((row) => `${row.method} ${row.route}`).sort();
    expect(covered).toEqual(Object.keys(ROUTE_PERMISSIONS).sort());
  });

  for (const row of MATRIX) {
    it(`${row.method} ${row.route}`, async () => {
      const outcomes: string[] = [];
      const wanted: string[] = [];
      for (const principal of PRINCIPALS) {
        const person = f.people[principal];
        for (const credential of CREDENTIALS) {
          const { url, body } = await row.request(f, person.user);
          const headers = credential === 'session' ? person.user.headers : { authorization: `Bearer ${person.keys[credential]}` };
          const response = row.stream
            ? await callStream(f.t.app, headers, url)
            : credential === 'session'
              ? await call(f.t.app, person.user, row.method, url, body)
              : await callWithKey(f.t.app, person.keys[credential], row.method, url, body);
          const status = response.statusCode;
          const outcome = status === 401 || status === 403 || status === 404 || status >= 500 ? String(status) : 'allowed';
          const cell = `${principal} / ${credential}`;
          outcomes.push(`${cell}: ${outcome}${outcome === 'allowed' ? '' : ` ${response.body.slice(0, 80)}`}`);
          const want = expected(row, principal, credential);
          wanted.push(`${cell}: ${want}${want === 'allowed' ? '' : ` ${response.body.slice(0, 80)}`}`);
        }
      }
      expect(outcomes).toEqual(wanted);
    });
  }
});
