import type { EmailChangeBody, EmailChangeStatus, EmailVerifiedResponse } from '../types/api';
import { apiRequest } from './http';

/** Changing the signed-in user's address (issue #21), added to the data provider. */
export interface EmailChangeApi {
  /**
   * Whether the signed-in user's address is verified (the banner asks until it is): the session
   * recipe's own read, sent as any other so that the first view needs no session client.
   */
  emailVerified(): Promise<boolean>;
  /** The address and the change waiting for its verification link. */
  emailChange(): Promise<EmailChangeStatus>;
  /** Mails a link to the new address (the current password re-authenticates); answers the pending change. */
  requestEmailChange(body: EmailChangeBody): Promise<EmailChangeStatus>;
  resendEmailChange(): Promise<EmailChangeStatus>;
  cancelEmailChange(): Promise<void>;
}

/** How the data provider turns an API error into react-admin's (its `call`). */
type Call = <T>(run: () => Promise<T>) => Promise<T>;

const PATH = '/user/email-change';

export function emailChangeApi(call: Call): EmailChangeApi {
  return {
    emailVerified: () => call(async () => (await apiRequest<EmailVerifiedResponse>('/auth/user/email/verify')).isVerified),
    emailChange: () => call(() => apiRequest<EmailChangeStatus>(PATH)),
    requestEmailChange: (body) => call(() => apiRequest<EmailChangeStatus>(PATH, { method: 'POST', body })),
    resendEmailChange: () => call(() => apiRequest<EmailChangeStatus>(`${PATH}/resend`, { method: 'POST' })),
    cancelEmailChange: () => call(async () => void (await apiRequest(PATH, { method: 'DELETE' }))),
  };
}
