import { FIELD_ERROR_TEXTS, NOTIFICATION_TEXTS } from '../../../admin/types/api';

/**
 * What the server's codes say (server/src/schemas/messages.ts): field problems, import-row
 * reasons and notifications. English is the server's own reference text, so the two never drift.
 */
export const server = { fields: FIELD_ERROR_TEXTS, notifications: NOTIFICATION_TEXTS };
