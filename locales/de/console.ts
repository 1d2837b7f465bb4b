import { areas } from './console/areas';
import { deShell } from './console/shell';

/** The console's German catalogue: the shell and the screens' areas together. */
export const deMessages = { ...deShell, app: { ...deShell.app, ...areas } };
