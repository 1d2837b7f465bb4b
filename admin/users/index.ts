import { lazyNamed } from '../common/lazy';

export const USERS_PATH = '/users';
export const UsersPage = lazyNamed(() => import('./UsersPage'), 'UsersPage');
