import type { ReactNode } from 'react';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

interface ShowHeaderProps {
  title: string;
  /** Label and value pairs, in a row on wide screens and one under the other on a phone. */
  facts: Array<[label: string, value: ReactNode]>;
}

/** The top of a live show page (device, gateway): who it is, its key facts, and that the page refreshes itself. */
export function ShowHeader({ title, facts }: ShowHeaderProps) {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography variant="h5" component="h1" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 4 }} useFlexGap flexWrap="wrap">
        {facts.map(([label, value]) => (
          <Box key={label} sx={{ minWidth: 0 }}>
            <Typography variant="caption" color="text.secondary" component="div">
              {label}
            </Typography>
            <Box sx={{ overflowWrap: 'anywhere' }}>{value}</Box>
          </Box>
        ))}
      </Stack>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {translate('app.operations.live')}
      </Typography>
    </Paper>
  );
}
