import { lazyScreen } from '../common/lazy';

export const OPERATOR_PATH = '/operator';
export const OperatorPage = lazyScreen(() => import('./OperatorPage'), 'OperatorPage');
