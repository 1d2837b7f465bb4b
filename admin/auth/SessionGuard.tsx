import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Box, LinearProgress } from '@mui/material';
import { sessionExists } from './consoleSession';
import { companyStore } from '../stores/companyStore';
import { useUserState } from '../stores/hooks';
import { userStore } from '../stores/userStore';
import { guardSessionRoute, isTenantsPath, tenantsRouteDecision, type SessionGuardDeps } from './guards';
import { authPathReturningTo } from './returnPath';
import { AUTH_PATH } from './paths';

const liveDeps: SessionGuardDeps = {
  sessionExists,
  loadUser: () => userStore.fetch(),
  loadCompanies: () => companyStore.load(),
  waitForUser: () => userStore.waitUntilInitialised(),
  waitForCompanies: () => companyStore.waitUntilInitialised(),
};

const Waiting = () => (
  <Box sx={{ position: 'fixed', top: 0, left: 0, right: 0 }}>
    <LinearProgress />
  </Box>
);

/** Renders the session routes only once the guard of spec §2 lets them through. */
export function SessionGuard({ children, deps = liveDeps }: { children: ReactNode; deps?: SessionGuardDeps }) {
  const [ready, setReady] = useState(false);
  const navigate = useNavigate();
  // Where the visitor was going (an invite link), so signing in leads back there; read once, on arrival.
  const { pathname, search } = useLocation();
  const [arrival] = useState(`${pathname}${search}`);

  useEffect(() => {
    let active = true;
    void guardSessionRoute(deps).then((decision) => {
      if (!active) return;
      if (decision.kind === 'redirect') navigate(decision.to === AUTH_PATH ? authPathReturningTo(arrival) : decision.to, { replace: true });
      else setReady(true);
    });
    return () => {
      active = false;
    };
  }, [deps, navigate, arrival]);

  return ready ? <TenantsGate>{children}</TenantsGate> : <Waiting />;
}

/** Keeps /tenants behind the tenant feature, re-checked whenever the user data changes. */
function TenantsGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const userState = useUserState();
  if (!isTenantsPath(pathname)) return <>{children}</>;
  const decision = tenantsRouteDecision(userState);
  if (decision === 'wait') return <Waiting />;
  if (decision === 'allow') return <>{children}</>;
  return <Navigate to={decision.redirect} replace />;
}
