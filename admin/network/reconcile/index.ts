import { lazyNamed } from '../../common/lazy';

export const RECONCILE_PATH = '/network/reconcile';
export const ReconcilePage = lazyNamed(() => import('./ReconcilePage'), 'ReconcilePage');
