import { apiRequest } from '../providers/http';
import { companyStore } from '../stores/companyStore';
import { useUserState } from '../stores/hooks';
import { userStore, type UserState } from '../stores/userStore';
import { NameDialog } from './NameDialog';
import { OnboardingDialog } from './OnboardingDialog';
import type { OnboardingCalls } from './submit';

const liveCalls: OnboardingCalls = {
  updateUser: (fields) => userStore.update(fields),
  createTenant: (body) => apiRequest<{ id?: string }>('/tenant/', { method: 'POST', body }),
  createCompany: (body) => apiRequest<{ id?: string }>('/company/', { method: 'POST', body }),
};

/** After success the user data and the companies are reloaded (spec §4). */
async function reload(): Promise<void> {
  await Promise.all([userStore.fetch(), companyStore.refresh()]);
}

/** Onboarding is shown when user data is initialised, a user exists and is not onboarded (spec §4). */
export function shouldOnboard(state: UserState): boolean {
  return state.initialised && state.user !== null && !state.user.is_onboarded;
}

export function needsName(state: UserState): boolean {
  return state.initialised && state.user !== null && state.user.is_onboarded && (!state.user.first_name.trim() || !state.user.last_name.trim());
}

/** Lives in the layout, so it never shows on routes that hide the navigation. */
export function OnboardingGate({ calls = liveCalls }: { calls?: OnboardingCalls }) {
  const state = useUserState();
  if (shouldOnboard(state)) return <OnboardingDialog calls={calls} onDone={reload} />;
  if (needsName(state)) return <NameDialog onSave={(names) => userStore.update(names)} />;
  return null;
}
