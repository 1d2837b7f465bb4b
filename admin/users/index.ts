import { lazyScreen } from '../common/lazy';

export const USERS_PATH = '/users';
export const UsersPage = lazyScreen(() => import('./UsersPage'), 'UsersPage');
