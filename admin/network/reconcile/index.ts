import { lazyScreen } from '../../common/lazy';

export const RECONCILE_PATH = '/network/reconcile';
export const ReconcilePage = lazyScreen(() => import('./ReconcilePage'), 'ReconcilePage');
