import { useSyncExternalStore } from 'react';
import { companyStore, type CompanyState } from './companyStore';
import { userStore, type UserState } from './userStore';
import { clearListPreferences } from './listPreferences';

export function useUserState(): UserState {
  return useSyncExternalStore(userStore.subscribe, userStore.getState);
}

export function useCompanyState(): CompanyState {
  return useSyncExternalStore(companyStore.subscribe, companyStore.getState);
}

/** Clears user and company state and the list preferences, as on sign-out: nothing is left for the next user. */
export function resetStores(): void {
  userStore.reset();
  companyStore.reset();
  clearListPreferences();
}
