// The server's permission table, the console's second door to server code (DESIGN §2). It is not
// re-exported by api.ts: the table is built by calls at load time, which a bundler keeps wherever
// api.ts is imported, and the sign-in page (which imports api.ts through the locales) must not carry it.
export { ROUTE_PERMISSIONS, type PermissionRoute } from '../../server/src/domain/permissions';
