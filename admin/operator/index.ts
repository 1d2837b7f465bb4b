import { lazyNamed } from '../common/lazy';

export const OPERATOR_PATH = '/operator';
export const OperatorPage = lazyNamed(() => import('./OperatorPage'), 'OperatorPage');
