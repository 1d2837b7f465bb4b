import { lazyNamed } from '../common/lazy';

export const INFO_PATH = '/info';
export const InfoPage = lazyNamed(() => import('./InfoPage'), 'InfoPage');
