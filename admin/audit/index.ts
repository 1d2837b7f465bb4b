import { lazyNamed } from '../common/lazy';

export const AUDIT_PATH = '/audit';
export const AuditPage = lazyNamed(() => import('./AuditPage'), 'AuditPage');
