import { areas } from './console/areas';
import { enShell } from './console/shell';

/** The console's English catalogue: react-admin's own texts plus the app's, the typed reference (the shell and the screens' areas together). */
export const enMessages = { ...enShell, app: { ...enShell.app, ...areas } };
