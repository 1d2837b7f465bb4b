import { IconButton, Tooltip } from '@mui/material';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { useTheme, useTranslate } from 'react-admin';
import { saveThemeMode } from './theme';

/** Switches between the light and the dark theme; the choice outlives a reload on this browser. */
export function ThemeToggle() {
  const translate = useTranslate();
  const [mode, setMode] = useTheme();
  const label = translate('ra.action.toggle_theme');
  const toggle = () => {
    const next = mode === 'dark' ? 'light' : 'dark';
    setMode(next);
    saveThemeMode(next);
  };
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} aria-pressed={mode === 'dark'} onClick={toggle}>
        {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
      </IconButton>
    </Tooltip>
  );
}
