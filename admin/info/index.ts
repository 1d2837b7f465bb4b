import { lazyScreen } from '../common/lazy';

export const INFO_PATH = '/info';
export const InfoPage = lazyScreen(() => import('./InfoPage'), 'InfoPage');
