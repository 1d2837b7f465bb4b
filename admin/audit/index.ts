import { lazyScreen } from '../common/lazy';

export const AUDIT_PATH = '/audit';
export const AuditPage = lazyScreen(() => import('./AuditPage'), 'AuditPage');
