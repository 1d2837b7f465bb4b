import type { NotificationPreferences, NotificationPreferencesChange } from '../types/api';
import { apiRequest } from './http';

/** The user's choices of how a company's alerts reach them (issue #21), added to the data provider. */
export interface AlertPreferencesApi {
  notificationPreferences(companyId: string): Promise<NotificationPreferences>;
  /** Saves the changed fields and answers all choices as stored. */
  updateNotificationPreferences(change: NotificationPreferencesChange): Promise<NotificationPreferences>;
}

/** How the data provider turns an API error into react-admin's (its `call`). */
type Call = <T>(run: () => Promise<T>) => Promise<T>;

const PATH = '/user/notification-preferences/';

export function alertPreferencesApi(call: Call): AlertPreferencesApi {
  return {
    notificationPreferences: (companyId) => call(() => apiRequest<NotificationPreferences>(PATH, { query: { company_id: companyId } })),
    updateNotificationPreferences: (change) => call(() => apiRequest<NotificationPreferences>(PATH, { method: 'PUT', body: change })),
  };
}
