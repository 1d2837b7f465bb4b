import { Suspense, useCallback, useState, type ReactNode } from 'react';
import { Box, CircularProgress, Container, Dialog, LinearProgress } from '@mui/material';
import { OnboardingGate } from '../onboarding/OnboardingGate';
import { useUserLanguage } from '../common/useLanguage';
import { useSearchShortcut } from '../search/useSearchShortcut';
import { SupportChat } from '../support/SupportChat';
import { useLocation } from 'react-router-dom';
import { pageTitleKey, useDocumentTitle } from './pageTitle';
import { ScrollManager } from './ScrollManager';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';
import { SessionGuard } from '../auth/SessionGuard';
import { TopBar } from './TopBar';
import { VerifyEmailBanner } from './VerifyEmailBanner';
import { SuspendedBanner } from './SuspendedBanner';
import { LiveUpdates } from './LiveUpdates';
import { lazyNamed } from '../common/lazy';

type SearchProps = { open: boolean; onClose: () => void };
// The search dialog (its results list, the search hook) is fetched when it is first opened, not with every route.
const LazySearchDialog = lazyNamed<SearchProps>(() => import('../search/SearchDialog'), 'SearchDialog');

/** The search dialog once opened (it then stays mounted, so it closes and resets as before); a progress circle while it loads. */
function Search({ open, onClose }: SearchProps) {
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense
      fallback={
        <Dialog open={open} onClose={onClose}>
          <CircularProgress sx={{ m: 3 }} />
        </Dialog>
      }
    >
      <LazySearchDialog open={open} onClose={onClose} />
    </Suspense>
  );
}

/** The frame of every session route: guard, live updates, bar, page, search, onboarding, support chat. */
export function AppLayout({ children }: { children?: ReactNode }) {
  return (
    <SessionGuard>
      <Shell>{children}</Shell>
    </SessionGuard>
  );
}

function Shell({ children }: { children?: ReactNode }) {
  const [searchOpen, setSearchOpen] = useState(false);
  const openSearch = useCallback(() => setSearchOpen(true), []);
  const closeSearch = useCallback(() => setSearchOpen(false), []);
  useSearchShortcut(searchOpen, setSearchOpen);
  useUserLanguage();
  useDocumentTitle(pageTitleKey(useLocation().pathname));
  return (
    <LiveUpdates>
      <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
        <ScrollManager />
        <SkipLink />
        <TopBar onSearch={openSearch} />
        <Container component="main" id={MAIN_CONTENT_ID} tabIndex={-1} maxWidth="xl" sx={{ py: 3, outline: 'none' }}>
          <VerifyEmailBanner />
          <SuspendedBanner />
          <Suspense fallback={<LinearProgress />}>{children}</Suspense>
        </Container>
        <Search open={searchOpen} onClose={closeSearch} />
        <OnboardingGate />
        <SupportChat />
      </Box>
    </LiveUpdates>
  );
}
