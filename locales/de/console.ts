import germanMessages from 'ra-language-german';
import { mergeCatalogues, type Catalogue } from '../catalogues';
import { app } from './console/app';
import { reactAdminAdditions } from './console/react-admin';
import { resources } from './console/resources';

/**
 * The console's German catalogue: react-admin's texts from the German pack, completed with the
 * keys react-admin 5 added since (ra-language-german 3 is the last published), and the app's.
 * The i18n provider still merges it over English, so a key added by a later react-admin shows in
 * English until it is translated here (tests/locales/console-parity.test.ts names it).
 */
export const deMessages = { ...germanMessages, ra: mergeCatalogues(germanMessages.ra as Catalogue, reactAdminAdditions), app, resources };
