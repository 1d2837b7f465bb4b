import { useMemo } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { companyStore } from '../stores/companyStore';
import { useUserState } from '../stores/hooks';
import { userStore, type UserState } from '../stores/userStore';
import { NameDialog } from './NameDialog';
import { OnboardingDialog } from './OnboardingDialog';
import type { OnboardingCalls } from './submit';

/**
 * The live calls: tenant and company are created through the data provider, so its lifecycle
 * callbacks (storeSync) see them like any other create.
 */
function providerCalls(dataProvider: AppDataProvider): OnboardingCalls {
  return {
    updateUser: (fields) => userStore.update(fields),
    createTenant: async (data) => (await dataProvider.create<{ name: string }, { id: string }>('tenants', { data })).data,
    createCompany: async (data) => (await dataProvider.create<{ name: string; tenant_id?: string }, { id: string }>('companies', { data })).data,
    joinWithCode: (code) => dataProvider.joinWithCode(code),
  };
}

/**
 * After success the user data and the companies are reloaded (spec §4), and the company just
 * founded or joined is selected: an invited user lands in the company they joined.
 */
async function reload(companyId: string): Promise<void> {
  await Promise.all([userStore.fetch(), companyStore.refresh()]);
  await companyStore.select(companyId);
}

/** Onboarding is shown when user data is initialised, a user exists and is not onboarded (spec §4). */
export function shouldOnboard(state: UserState): boolean {
  return state.initialised && state.user !== null && !state.user.is_onboarded;
}

export function needsName(state: UserState): boolean {
  return state.initialised && state.user !== null && state.user.is_onboarded && (!state.user.first_name.trim() || !state.user.last_name.trim());
}

/** Lives in the layout, so it never shows on routes that hide the navigation. */
export function OnboardingGate() {
  const state = useUserState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const calls = useMemo(() => providerCalls(dataProvider), [dataProvider]);
  if (shouldOnboard(state)) return <OnboardingDialog calls={calls} tenantModeNow={state.user?.is_tenant_enabled === true} onDone={reload} />;
  if (needsName(state)) return <NameDialog onSave={(names) => userStore.update(names)} />;
  return null;
}
