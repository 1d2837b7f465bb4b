import germanMessages from 'ra-language-german';
import { mergeCatalogues, type Catalogue } from '../../catalogues';
import { app } from './app';
import { reactAdminAdditions } from './react-admin';
import { resources } from './resources';

/**
 * The German shell (see the English shell.ts): react-admin's texts from the German pack, completed
 * with the keys react-admin 5 added since (ra-language-german 3 is the last published), and the
 * app's. The i18n provider still merges it over English, so a key added by a later react-admin
 * shows in English until it is translated here (tests/locales/console-parity.test.ts names it).
 */
export const deShell = { ...germanMessages, ra: mergeCatalogues(germanMessages.ra as Catalogue, reactAdminAdditions), app, resources };
