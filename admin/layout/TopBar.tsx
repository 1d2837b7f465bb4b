import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { AppBar, Box, Collapse, IconButton, List, ListItemButton, ListItemText, Tab, Tabs, Toolbar, Tooltip } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslate } from 'react-admin';
import { useCompanyState, useUserState } from '../stores/hooks';
import { CompanySwitcher } from './CompanySwitcher';
import { NotificationBell } from './NotificationBell';
import { DefaultLogo } from './DefaultLogo';
import { LanguageSelector } from '../common/LanguageSelector';
import { activeTab, mainTabs, profileMenuEntries } from './navigation';
import { ProfileMenu } from './ProfileMenu';
import { ThemeToggle } from './ThemeToggle';
import { readableTextOn } from './contrast';
import { PRODUCT_NAME } from '../common/product';

/**
 * The main bar of spec §2: tenant colour and logo, tabs, search, bell, company switcher,
 * language selector, profile menu; on small screens a collapsible menu holds the entries.
 */
export function TopBar({ onSearch }: { onSearch: () => void }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const { user } = useUserState();
  const { tenant } = useCompanyState();
  const [mobileOpen, setMobileOpen] = useState(false);
  const multiTenant = user?.is_tenant_enabled === true;
  const tabs = mainTabs(multiTenant);
  const logoLabel = tenant?.name ?? PRODUCT_NAME;

  return (
    <AppBar
      position="sticky"
      data-testid="top-bar"
      sx={tenant?.color_hex ? { backgroundColor: tenant.color_hex, color: readableTextOn(tenant.color_hex) } : undefined}
    >
      {/* Narrower gaps and gutters on a phone: seven controls of 44 px fit 360 px only so. */}
      <Toolbar sx={{ gap: { xs: 0, sm: 1 }, px: { xs: 0.5, sm: 2 } }}>
        <IconButton
          color="inherit"
          sx={{ display: { md: 'none' } }}
          aria-label={translate('app.nav.open_menu')}
          aria-expanded={mobileOpen}
          onClick={() => setMobileOpen((open) => !open)}
        >
          <MenuIcon />
        </IconButton>
        <Box component={Link} to="/dashboard" sx={{ display: 'flex', color: 'inherit', mr: { xs: 0.5, sm: 2 } }}>
          {tenant?.logo_url ? (
            <Box component="img" src={tenant.logo_url} alt={logoLabel} sx={{ height: 32, maxWidth: 160 }} />
          ) : (
            <DefaultLogo title={logoLabel} />
          )}
        </Box>
        {/* Inactive tabs at full strength (MUI dims them to 60 %, below 4.5:1 on most bar colours);
            the active one is marked by the indicator and weight. */}
        <Tabs
          value={activeTab(tabs, pathname)}
          textColor="inherit"
          indicatorColor="secondary"
          sx={{ display: { xs: 'none', md: 'flex' }, flexGrow: 1, '& .MuiTab-root': { opacity: 1 }, '& .Mui-selected': { fontWeight: 700 } }}
        >
          {tabs.map((tab) => (
            <Tab key={tab.name} value={tab.name} label={translate(tab.label)} component={Link} to={tab.path} />
          ))}
        </Tabs>
        <Box sx={{ flexGrow: { xs: 1, md: 0 } }} />
        <Tooltip title={`${translate('app.nav.search')} (Ctrl+K)`}>
          <IconButton color="inherit" aria-label={translate('app.nav.search')} onClick={onSearch}>
            <SearchIcon />
          </IconButton>
        </Tooltip>
        <NotificationBell />
        <Box sx={{ display: { xs: 'none', md: 'flex' } }}>
          <CompanySwitcher variant="menu" />
        </Box>
        <ThemeToggle />
        <LanguageSelector />
        <ProfileMenu multiTenant={multiTenant} />
        <span id="react-admin-title" hidden />
      </Toolbar>
      <Collapse in={mobileOpen} sx={{ display: { md: 'none' } }} data-testid="mobile-menu">
        <Box sx={{ px: 2, pb: 2, bgcolor: 'background.paper', color: 'text.primary' }}>
          <Box sx={{ py: 1 }}>
            <CompanySwitcher variant="select" />
          </Box>
          <List dense>
            {[...tabs, ...profileMenuEntries(multiTenant, user?.is_operator === true)].map((item) => (
              <ListItemButton
                key={`mobile-${item.name}`}
                component={Link}
                to={item.path}
                selected={pathname.includes(item.name)}
                onClick={() => setMobileOpen(false)}
              >
                <ListItemText primary={translate(item.label)} />
              </ListItemButton>
            ))}
          </List>
        </Box>
      </Collapse>
    </AppBar>
  );
}
