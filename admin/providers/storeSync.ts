import { withLifecycleCallbacks } from 'react-admin';
import { companyStore } from '../stores/companyStore';
import type { AppDataProvider } from './dataProvider';

/**
 * Keeps the company state (spec §4) in step with edits made through react-admin screens: a new,
 * renamed or deleted company refreshes the switcher; an edited tenant re-brands the bar.
 */
export function withStoreSync(provider: AppDataProvider): AppDataProvider {
  const refreshCompanies = async <T>(result: T): Promise<T> => {
    await companyStore.refresh().catch((error: unknown) => console.error('Could not refresh companies', error));
    return result;
  };
  const reloadTenant = async <T>(result: T): Promise<T> => {
    await companyStore.loadTenant();
    return result;
  };
  return withLifecycleCallbacks(provider, [
    { resource: 'companies', afterCreate: refreshCompanies, afterUpdate: refreshCompanies, afterDelete: refreshCompanies },
    { resource: 'tenants', afterUpdate: reloadTenant, afterDelete: reloadTenant },
  ]) as AppDataProvider;
}
