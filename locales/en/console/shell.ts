import englishMessages from 'ra-language-english';
import { app } from './app';
import { resources } from './resources';

/** What the console loads at start in English: react-admin's texts, the shell's (app.ts) and the resources' names; the screens' areas follow (areas.ts). */
export const enShell = { ...englishMessages, app, resources };
