import { Suspense, type ReactNode } from 'react';
import { BrowserRouter, Route } from 'react-router-dom';
import { LinearProgress } from '@mui/material';
import { CustomRoutes, Resource, type I18nProvider } from 'react-admin';
import { ConsoleAdmin } from './ConsoleAdmin';
import { apiKeys } from './api-keys';
import { webhooks } from './webhooks';
import { rules } from './rules';
import { AUTH_PATH } from './auth/paths';
import { sessionExists, signOut } from './auth/consoleSession';
import { lazyNamed } from './common/lazy';
import { SignInReload } from './auth/SignInReload';
import { PRODUCT_NAME } from './common/product';
import { companies } from './companies';
import { DASHBOARD_PATH, DashboardPage, dashboards } from './dashboards';
import { devices } from './devices';
import { gateways } from './gateways';
import { groups } from './groups';
import { IMPORT_PATH, ImportPage } from './devices/import';
import { INFO_PATH, InfoPage } from './info';
import { USAGE_PATH, UsagePage } from './usage';
import { OPERATOR_PATH, OperatorPage } from './operator';
import { NotFound } from './layout/NotFound';
import { darkTheme, lightTheme, savedThemeMode } from './layout/theme';
import { RECONCILE_PATH, ReconcilePage } from './network/reconcile';
import { notifications } from './notifications';
import { profiles } from './profiles';
import { createAuthProvider } from './providers/authProvider';
import { createDataProvider } from './providers/dataProvider';
import { withStoreSync } from './providers/storeSync';
import { SETTINGS_PATH, SettingsPage } from './settings';
import { companyStore } from './stores/companyStore';
import { resetStores } from './stores/hooks';
import { userStore } from './stores/userStore';
import { claimListPreferences, createConsoleStore } from './stores/listPreferences';
import { templates } from './templates';
import { tenants } from './tenants';
import { units } from './units';
import { USERS_PATH, UsersPage } from './users';
import { AUDIT_PATH, AuditPage } from './audit';

const initialTheme = savedThemeMode();
// The theme starts from the mode saved on this browser, else follows the system's setting.
const store = createConsoleStore(initialTheme ? { theme: initialTheme } : {});
// List preferences belong to the user who set them: claimed as soon as the user is known (the cache
// at start, else the first fetch), before a list reads them.
const claimForUser = () => {
  const id = userStore.getState().user?.id;
  if (id) claimListPreferences(store, id);
};
claimForUser();
userStore.subscribe(claimForUser);

const dataProvider = withStoreSync(createDataProvider({ companyId: () => companyStore.getState().selectedCompanyId }));
// The stores read the API through the same provider as every screen (DESIGN §2).
userStore.connect(dataProvider);
companyStore.connect(dataProvider);
const authProvider = createAuthProvider({
  session: { exists: sessionExists, signOut },
  currentUser: () => userStore.getState().user,
  resetState: resetStores,
});

// The sign-in pages are an entry of their own (auth/entry.tsx); /logout and the session frame are separate chunks.
const LogoutPage = lazyNamed(() => import('./auth/LogoutPage'), 'LogoutPage');
const LazyLayout = lazyNamed<{ children?: ReactNode }>(() => import('./layout/AppLayout'), 'AppLayout');

const Loading = () => <LinearProgress />;
const Public = ({ children }: { children: ReactNode }) => <Suspense fallback={<Loading />}>{children}</Suspense>;

function Layout({ children }: { children?: ReactNode }) {
  return (
    <Suspense fallback={<Loading />}>
      <LazyLayout>{children}</LazyLayout>
    </Suspense>
  );
}

/** The console (spec §2): /logout without the bar (the sign-in pages are their own entry), every other route guarded by the layout. */
export function App({ i18nProvider }: { i18nProvider: I18nProvider }) {
  // react-admin falls back to a HashRouter; the spec's routes are real paths (/auth, /settings, …).
  return (
    <BrowserRouter>
      <ConsoleAdmin
        disableTelemetry
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        // List preferences outlive a reload; the language (spec §3 `language`) and the rest stay in memory.
        store={store}
        lightTheme={lightTheme}
        darkTheme={darkTheme}
        layout={Layout}
        catchAll={NotFound}
        dashboard={DashboardPage}
        title={PRODUCT_NAME}
      >
        <CustomRoutes noLayout>
          <Route path={`${AUTH_PATH}/*`} element={<SignInReload />} />
          <Route
            path="/logout"
            element={
              <Public>
                <LogoutPage />
              </Public>
            }
          />
        </CustomRoutes>
        <CustomRoutes>
          <Route path={DASHBOARD_PATH} element={<DashboardPage />} />
          <Route path={SETTINGS_PATH} element={<SettingsPage />} />
          <Route path={INFO_PATH} element={<InfoPage />} />
          <Route path={USAGE_PATH} element={<UsagePage />} />
          <Route path={OPERATOR_PATH} element={<OperatorPage />} />
          <Route path={USERS_PATH} element={<UsersPage />} />
          <Route path={AUDIT_PATH} element={<AuditPage />} />
          <Route path={IMPORT_PATH} element={<ImportPage />} />
          <Route path={RECONCILE_PATH} element={<ReconcilePage />} />
        </CustomRoutes>
        <Resource name="dashboards" {...dashboards} />
        <Resource name="devices" {...devices} />
        <Resource name="gateways" {...gateways} />
        <Resource name="units" {...units} />
        <Resource name="groups" {...groups} />
        <Resource name="profiles" {...profiles} />
        <Resource name="templates" {...templates} />
        <Resource name="companies" {...companies} />
        <Resource name="tenants" {...tenants} />
        <Resource name="api-keys" {...apiKeys} />
        <Resource name="webhooks" {...webhooks} />
        <Resource name="rules" {...rules} />
        <Resource name="notifications" {...notifications} />
        <Resource name="widgets" />
      </ConsoleAdmin>
    </BrowserRouter>
  );
}
