import type { ReactNode } from 'react';
import { Box, LinearProgress, List, ListItem, ListItemButton, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { ListNoResults, RecordContextProvider, useCreatePath, useListContext, useResourceContext, useTranslate, type RaRecord } from 'react-admin';

interface RecordCardsProps<R extends RaRecord> {
  /** The record's name: the card's first line. */
  title: (record: R) => ReactNode;
  /** Its status and the fact that matters most, on the second line (RA fields read the record). */
  details?: ReactNode;
  /** Buttons under the text, outside the link (a button inside a link is two nested controls). */
  actions?: ReactNode;
  /** The page the card opens, or none when the list has no record page. */
  link?: 'edit' | 'show';
  /** What shows when a search or filter leaves nothing (react-admin's 'No results found' by default). */
  empty?: ReactNode;
}

const WRAP = { overflowWrap: 'anywhere' } as const;

/**
 * A list's rows as cards on a phone, as react-admin's SimpleList draws them but with room for the
 * row's actions: a table at 360 px overflows sideways and hides its actions off-screen (issue #22).
 * The name and details open the record; the actions sit below them and wrap.
 */
export function RecordCards<R extends RaRecord>({ title, details, actions, link, empty = <ListNoResults /> }: RecordCardsProps<R>) {
  const { data, isPending } = useListContext<R>();
  const resource = useResourceContext();
  const createPath = useCreatePath();
  if (isPending) return <LinearProgress />;
  if (!data?.length) return empty;
  return (
    <List disablePadding>
      {data.map((record) => {
        const text = (
          <Box sx={{ minWidth: 0, width: '100%' }}>
            <Typography component="div" sx={{ fontWeight: 500, ...WRAP }}>
              {title(record)}
            </Typography>
            {details && (
              <Typography
                component="div"
                variant="body2"
                color="text.secondary"
                sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, ...WRAP }}
              >
                {details}
              </Typography>
            )}
          </Box>
        );
        return (
          <RecordContextProvider value={record} key={record.id}>
            <ListItem divider disablePadding sx={{ display: 'block' }}>
              {link ? (
                <ListItemButton component={Link} to={createPath({ resource, id: record.id, type: link })}>
                  {text}
                </ListItemButton>
              ) : (
                <Box sx={{ px: 2, pt: 1.5, pb: actions ? 0 : 1.5 }}>{text}</Box>
              )}
              {actions && <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, px: 2, pb: 1 }}>{actions}</Box>}
            </ListItem>
          </RecordContextProvider>
        );
      })}
    </List>
  );
}

/** One labelled fact on a card ("Devices: 3"), the label being a translation key. */
export function CardFact({ label, children }: { label: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <span>
      {translate(label)}: {children}
    </span>
  );
}
