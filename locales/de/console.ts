import germanMessages from 'ra-language-german';
import { app } from './console/app';
import { resources } from './console/resources';

/**
 * The console's German catalogue. ra-language-german is a v3 pack that lacks keys react-admin 5
 * uses, so the i18n provider merges this over the English catalogue (see mergeCatalogues).
 */
export const deMessages = { ...germanMessages, app, resources };
