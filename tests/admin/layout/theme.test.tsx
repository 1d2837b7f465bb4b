import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useTheme as useMuiTheme } from '@mui/material';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, memoryStore } from 'react-admin';
import { ThemeToggle } from '../../../admin/layout/ThemeToggle';
import { darkTheme, lightTheme, savedThemeMode } from '../../../admin/layout/theme';
import { loadMessages } from '../../../admin/providers/i18nProvider';
import { enMessages } from '../../../locales/en/console';

// Dark mode (issue #18): a toggle in the bar, remembered on this browser, the system's setting
// followed until the user chooses.
function Mode() {
  return <span data-testid="mode">{useMuiTheme().palette.mode}</span>;
}

async function renderToggle(language: 'en' | 'de' = 'en') {
  const messages = language === 'en' ? enMessages : await loadMessages('de');
  const i18nProvider = polyglotI18nProvider(() => messages, language);
  const saved = savedThemeMode();
  render(
    <AdminContext store={memoryStore(saved ? { theme: saved } : {})} lightTheme={lightTheme} darkTheme={darkTheme} i18nProvider={i18nProvider}>
      <ThemeToggle />
      <Mode />
    </AdminContext>,
  );
}

describe('dark mode', () => {
  afterEach(() => window.localStorage.clear());

  it('switches to dark and back, and remembers the choice for the next start', async () => {
    await renderToggle();
    expect(screen.getByTestId('mode')).toHaveTextContent('light');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Toggle light/dark mode' })));
    expect(screen.getByTestId('mode')).toHaveTextContent('dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(savedThemeMode()).toBe('dark');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Toggle light/dark mode' })));
    expect(screen.getByTestId('mode')).toHaveTextContent('light');
    expect(savedThemeMode()).toBe('light');
  });

  it('starts in the mode saved before (a reload), and names the toggle in German', async () => {
    window.localStorage.setItem('theme', 'dark');
    await renderToggle('de');
    expect(screen.getByTestId('mode')).toHaveTextContent('dark');
    expect(screen.getByRole('button', { name: 'Hell/Dunkel umschalten' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('ignores an unreadable saved value and follows the system', async () => {
    window.localStorage.setItem('theme', 'purple');
    expect(savedThemeMode()).toBeNull();
    await renderToggle();
    // jsdom reports no preference for dark: the light theme.
    expect(screen.getByTestId('mode')).toHaveTextContent('light');
  });
});
