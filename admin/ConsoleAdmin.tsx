import { Suspense, type ComponentProps, type ReactNode } from 'react';
import { CssBaseline } from '@mui/material';
import {
  AccessDenied,
  AdminContext,
  AuthenticationError,
  CoreAdminUI,
  LoadingPage,
  Notification,
  type AdminContextProps,
  type CoreAdminUIProps,
} from 'react-admin';
import { lazyNamed } from './common/lazy';

// react-admin's error page (an accordion with the stack, icons) is drawn only after a crash.
const LazyError = lazyNamed<ComponentProps<NonNullable<CoreAdminUIProps['error']>>>(() => import('./layout/ErrorPage'), 'ErrorPage');
const ErrorPage = (props: ComponentProps<typeof LazyError>) => (
  <Suspense fallback={null}>
    <LazyError {...props} />
  </Suspense>
);

type ConsoleAdminProps = Pick<AdminContextProps, 'dataProvider' | 'authProvider' | 'i18nProvider' | 'store' | 'lightTheme' | 'darkTheme'> &
  Pick<CoreAdminUIProps, 'layout' | 'catchAll' | 'dashboard' | 'title' | 'disableTelemetry'> & { children: ReactNode };

/**
 * react-admin's `<Admin>` without the parts the console replaces: its `AdminUI` names the default
 * layout (app bar, sidebar, menus, the preferences inspector) and the login page (react-hook-form,
 * inputs) as default props, so they were in every session route's first load although the console
 * never draws them (it has its own frame and its own sign-in entry). This is `AdminContext` and
 * `CoreAdminUI` with the same pages `AdminUI` gives, minus those two and the OAuth callback page.
 */
export function ConsoleAdmin({ children, layout, catchAll, dashboard, title, disableTelemetry, ...context }: ConsoleAdminProps) {
  const ui = { layout, catchAll, dashboard, title, disableTelemetry };
  return (
    <AdminContext {...context}>
      <CssBaseline enableColorScheme>
        <CoreAdminUI {...ui} accessDenied={AccessDenied} authenticationError={AuthenticationError} error={ErrorPage} loading={LoadingPage} loginPage={false}>
          {children}
        </CoreAdminUI>
        <Notification />
      </CssBaseline>
    </AdminContext>
  );
}
