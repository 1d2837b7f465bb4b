import { lazyNamed } from '../common/lazy';

export const SETTINGS_PATH = '/settings';
export const SettingsPage = lazyNamed(() => import('./SettingsPage'), 'SettingsPage');
