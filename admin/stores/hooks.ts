import { useSyncExternalStore } from 'react';
import { companyStore, type CompanyState } from './companyStore';
import { userStore, type UserState } from './userStore';

export function useUserState(): UserState {
  return useSyncExternalStore(userStore.subscribe, userStore.getState);
}

export function useCompanyState(): CompanyState {
  return useSyncExternalStore(companyStore.subscribe, companyStore.getState);
}

/** Clears user and company state, as on sign-out. */
export function resetStores(): void {
  userStore.reset();
  companyStore.reset();
}
