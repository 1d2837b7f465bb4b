import englishMessages from 'ra-language-english';
import { app } from './console/app';
import { resources } from './console/resources';

/** The console's English catalogue: react-admin's own texts plus the app's, the typed reference. */
export const enMessages = { ...englishMessages, app, resources };
