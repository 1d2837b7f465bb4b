import { useId, type ReactNode } from 'react';
import { Alert, LinearProgress, Paper, Typography } from '@mui/material';

interface SectionProps {
  title: string;
  /** The section's load: pending shows a progress bar, an error its text instead of the content. */
  load: { isPending: boolean; isError: boolean };
  isEmpty: boolean;
  emptyText: string;
  errorText: string;
  /** Above the states (filters that stay while a filtered read loads or finds nothing). */
  toolbar?: ReactNode;
  children: ReactNode;
}

/**
 * A titled part of a show page (a region named by its title) with its loading, error and empty
 * states. Sections take the full width and stack, so a phone shows them one under the other.
 */
export function Section({ title, load, isEmpty, emptyText, errorText, toolbar, children }: SectionProps) {
  const titleId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
      <Typography variant="h6" component="h2" id={titleId} gutterBottom>
        {title}
      </Typography>
      {toolbar}
      {load.isPending && <LinearProgress />}
      {load.isError && <Alert severity="error">{errorText}</Alert>}
      {!load.isPending && !load.isError && isEmpty && <Typography color="text.secondary">{emptyText}</Typography>}
      {!load.isPending && !load.isError && !isEmpty && children}
    </Paper>
  );
}
