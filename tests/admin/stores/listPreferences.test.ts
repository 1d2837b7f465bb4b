import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { claimListPreferences, createConsoleStore } from '../../../admin/stores/listPreferences';
import { resetStores } from '../../../admin/stores/hooks';

const storedKeys = () => Object.keys(window.localStorage).sort();

describe('the console store: list preferences outlive a reload, nothing else does', () => {
  beforeEach(() => {
    window.localStorage.clear();
    // The spec's own keys (§3), which the store never touches.
    window.localStorage.setItem('language', 'de');
    window.localStorage.setItem('selectedCompanyId', 'c1');
    window.localStorage.setItem('user', JSON.stringify({ id: 'alice' }));
  });
  afterEach(() => window.localStorage.clear());

  it("keeps a list's sort, filters, page size and columns in local storage, and the language, theme and selection in memory", () => {
    const store = createConsoleStore({ theme: 'dark' });
    store.setup();
    const params = { sort: 'name', order: 'ASC', perPage: 50, filter: { q: 'cellar' } };
    store.setItem('devices.listParams', params);
    store.setItem('devices.datatable', ['dev_eui']);
    store.setItem('devices.datatable_columnRanks', [1, 0]);
    store.setItem('locale', 'en');
    store.setItem('devices.selectedIds', ['d1']);
    expect(store.getItem('theme')).toBe('dark');
    expect(storedKeys()).toEqual([
      'RaStore.lists.devices.datatable',
      'RaStore.lists.devices.datatable_columnRanks',
      'RaStore.lists.devices.listParams',
      'RaStore.lists.version',
      'language',
      'selectedCompanyId',
      'user',
    ]);
    expect(window.localStorage.getItem('language')).toBe('de');
    store.teardown();

    // A reload: a new store reads the list's preferences back, and none of the rest.
    const reloaded = createConsoleStore();
    reloaded.setup();
    expect(reloaded.getItem('devices.listParams')).toEqual(params);
    expect(reloaded.getItem('devices.datatable')).toEqual(['dev_eui']);
    expect(reloaded.getItem('devices.selectedIds')).toBeUndefined();
    expect(reloaded.getItem('locale')).toBeUndefined();
  });

  it("sign-out clears the list preferences with the spec's user and company keys, and keeps the language", () => {
    const store = createConsoleStore();
    store.setup();
    claimListPreferences(store, 'alice');
    store.setItem('gateways.listParams', { perPage: 100 });
    resetStores();
    expect(storedKeys()).toEqual(['language']);
  });

  it('another user on this browser starts from no preferences, and the screens showing them are told', () => {
    const store = createConsoleStore();
    store.setup();
    expect(claimListPreferences(store, 'alice')).toBe(false);
    store.setItem('devices.listParams', { perPage: 50 });
    expect(claimListPreferences(store, 'alice')).toBe(false);
    expect(store.getItem('devices.listParams')).toEqual({ perPage: 50 });

    const listener = vi.fn();
    store.subscribe('devices.listParams', listener);
    expect(claimListPreferences(store, 'bob')).toBe(true);
    expect(listener).toHaveBeenCalledWith(undefined);
    expect(store.getItem('devices.listParams')).toBeUndefined();
    expect(window.localStorage.getItem('language')).toBe('de');
    expect(window.localStorage.getItem('user')).toBe(JSON.stringify({ id: 'alice' }));
  });

  it('preferences left without an owner (before the owner was recorded) are not handed to the first user', () => {
    window.localStorage.setItem('RaStore.lists.devices.listParams', JSON.stringify({ perPage: 50 }));
    const store = createConsoleStore();
    store.setup();
    expect(claimListPreferences(store, 'carol')).toBe(true);
    expect(store.getItem('devices.listParams')).toBeUndefined();
  });
});
