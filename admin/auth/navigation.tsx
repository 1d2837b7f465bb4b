import { createContext, useCallback, useContext, useEffect, useMemo, useState, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';

/**
 * The sign-in entry's few addresses on the browser's history, without a router library (issue
 * #20: react-router alone is a third of the sign-in page's budget). The console keeps react-router.
 */
export interface AuthLocation {
  pathname: string;
  search: string;
  state: unknown;
}

interface AuthNavigation {
  location: AuthLocation;
  navigate: (to: string, options?: { replace?: boolean; state?: unknown }) => void;
}

const current = (): AuthLocation => ({ pathname: window.location.pathname, search: window.location.search, state: window.history.state as unknown });

const AuthNavigationContext = createContext<AuthNavigation | null>(null);

function useAuthNavigation(): AuthNavigation {
  const value = useContext(AuthNavigationContext);
  if (!value) throw new Error('The sign-in pages render inside AuthHistory');
  return value;
}

export const useAuthLocation = (): AuthLocation => useAuthNavigation().location;
export const useAuthNavigate = (): AuthNavigation['navigate'] => useAuthNavigation().navigate;

/** Follows the browser's address: links and navigate() push or replace it, Back and Forward are heard. */
export function AuthHistory({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(current);
  useEffect(() => {
    const follow = () => setLocation(current());
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);
  const navigate = useCallback<AuthNavigation['navigate']>((to, { replace = false, state = null } = {}) => {
    if (replace) window.history.replaceState(state, '', to);
    else window.history.pushState(state, '', to);
    setLocation(current());
  }, []);
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <AuthNavigationContext.Provider value={value}>{children}</AuthNavigationContext.Provider>;
}

/** A fixed address for rendering the sign-in pages ahead of time (prerender.tsx), where there is no browser history. */
export function StaticAuthLocation({ location, children }: { location: AuthLocation; children: ReactNode }) {
  const value = useMemo(() => ({ location, navigate: () => undefined }), [location]);
  return <AuthNavigationContext.Provider value={value}>{children}</AuthNavigationContext.Provider>;
}

/** An in-page link: a real <a href> (open in a new tab works), followed without reloading the page. */
export function AuthLink({ to, ...props }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const navigate = useAuthNavigate();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <a {...props} href={to} onClick={follow} />;
}
