/** Website path of the sign-in pages (spec §7); this module imports nothing, so the start-up code can decide by it. */
export const AUTH_PATH = '/auth';

/** Whether an address is one of the sign-in pages, which the light sign-in entry serves. */
export const isAuthAddress = (pathname: string): boolean => pathname === AUTH_PATH || pathname.startsWith(`${AUTH_PATH}/`);
