import { HttpError } from 'react-admin';

/**
 * Why a join with an invite code failed, as a catalogue key: a bad or used code, or already a
 * member. Shared by the Companies screen and the onboarding, which both join.
 */
export function joinError(error: unknown): string | null {
  if (error instanceof HttpError && error.status === 404) return 'app.companies.invalid_code';
  if (error instanceof HttpError && error.status === 409) return 'app.companies.already_member';
  return null;
}
