import { lazyScreen } from '../common/lazy';

export const USAGE_PATH = '/usage';
export const UsagePage = lazyScreen(() => import('./UsagePage'), 'UsagePage');
