import {
  DOWNLINK_ERROR_TEXTS,
  FIELD_ERROR_TEXTS,
  MQTT_LINK_ERROR_TEXTS,
  NOTIFICATION_TEXTS,
  SYNC_ERROR_TEXTS,
  WEBHOOK_DELIVERY_ERROR_TEXTS,
} from '../../../admin/types/api';

/**
 * What the server's codes say (server/src/schemas/messages.ts): field problems, import-row
 * reasons, notifications, why an entity is not in sync with the network server, why a downlink failed, why the MQTT link failed and why a webhook delivery failed. English is the server's own reference text, so the two never drift.
 */
export const server = {
  fields: FIELD_ERROR_TEXTS,
  notifications: NOTIFICATION_TEXTS,
  sync: SYNC_ERROR_TEXTS,
  downlink: DOWNLINK_ERROR_TEXTS,
  mqtt: MQTT_LINK_ERROR_TEXTS,
  webhook: WEBHOOK_DELIVERY_ERROR_TEXTS,
};
