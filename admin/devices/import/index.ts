import { lazyScreen } from '../../common/lazy';

/** The import route: its own chunk (papaparse and the worker load only here). */
export const IMPORT_PATH = '/devices/import';
export const ImportPage = lazyScreen(() => import('./ImportPage'), 'ImportPage');
