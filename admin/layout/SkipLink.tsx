import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The id of the page's <main>, where the skip link leads. */
export const MAIN_CONTENT_ID = 'main-content';

/** The first tab stop: straight to the page, past the bar (WCAG 2.4.1); visible only when focused. */
export function SkipLink() {
  const translate = useTranslate();
  return (
    <Box
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: 'tooltip',
        p: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        '&:focus': { top: 8 },
      }}
    >
      {translate('app.nav.skip_to_content')}
    </Box>
  );
}
