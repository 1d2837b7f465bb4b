import { lazyNamed } from '../common/lazy';

export const USAGE_PATH = '/usage';
export const UsagePage = lazyNamed(() => import('./UsagePage'), 'UsagePage');
