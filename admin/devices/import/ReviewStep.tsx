import { useState } from 'react';
import { Box, Button, LinearProgress, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import { Permitted } from '../../common/Permitted';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { ParsedCsv } from './csv';
import { correctRow, counts, ROW_STATUSES, rowsToSend, runImport, type RowSelection, type RowState } from './rows';
import { RowTable, type ProfileChoice } from './RowTable';

/** Spec §9: the preview shows the first 5 rows. */
export const PREVIEW_ROWS = 5;

/**
 * The review step: the file's first rows, every row to import with its profile, then the import
 * with each row's state; failed rows corrected in place and retried, alone or together.
 */
export function ReviewStep({
  parsed,
  rows,
  setRows,
  profiles,
  config,
  onBack,
}: {
  parsed: ParsedCsv | null;
  rows: RowState[];
  setRows: (rows: RowState[]) => void;
  profiles: ProfileChoice[];
  config: string | null;
  onBack: () => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [running, setRunning] = useState(false);

  const start = async (which: RowSelection) => {
    setRunning(true);
    await runImport(
      rows,
      which,
      (batch) =>
        dataProvider.importDevices(
          batch.map((row) => ({
            dev_eui: row.dev_eui,
            app_key: row.app_key,
            ...(row.join_eui ? { join_eui: row.join_eui } : {}),
            ...(row.name ? { name: row.name } : {}),
            config: row.config,
          })),
          config,
        ),
      setRows,
    );
    setRunning(false);
  };

  const tally = counts(rows);
  const done = rows.length - tally.ready - tally.importing;
  const started = tally.ready < rows.length;
  const corrected = rowsToSend(rows, 'corrected').length;
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="subtitle1">{translate('app.import.preview')}</Typography>
      {/* The file's own columns, as many as it has: they scroll inside the box, not the page. Its
          width of 0 (stretched back by min-width) keeps the table from widening the layout. */}
      <Box
        sx={{ overflowX: 'auto', mb: 2, width: 0, minWidth: '100%' }}
        // A box that scrolls must be reachable by keyboard (WCAG 2.1.1).
        tabIndex={0}
        role="region"
        aria-label={translate('app.import.preview')}
      >
        <Table size="small" aria-label={translate('app.import.preview')}>
          <TableHead>
            <TableRow>
              {parsed?.headers.map((header, index) => (
                <TableCell key={`${header}-${index}`}>{header}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {parsed?.records.slice(0, PREVIEW_ROWS).map((record) => (
              <TableRow key={record.line}>
                {record.cells.map((value, index) => (
                  <TableCell key={index}>{value}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>

      <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 1, flexWrap: 'wrap' }} data-testid="import-counts">
        {ROW_STATUSES.map((status) => (
          <Typography key={status} variant="body2">
            {translate(`app.import.status.${status}`)}: <strong data-testid={`count-${status}`}>{tally[status]}</strong>
          </Typography>
        ))}
      </Stack>
      {started && <LinearProgress variant="determinate" value={(done / rows.length) * 100} sx={{ mb: 1 }} aria-label={translate('app.import.progress')} />}
      <RowTable
        rows={rows}
        profiles={profiles}
        editable={!started}
        correctable={started && !running}
        onEdit={(index, change) =>
          setRows(started ? correctRow(rows, index, change) : rows.map((row, position) => (position === index ? { ...row, ...change } : row)))
        }
        onRetry={(index) => void start({ index })}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
        {!started && <Button onClick={onBack}>{translate('app.import.back')}</Button>}
        {!started && (
          <Permitted action="POST /device/bulk/">
            <Button variant="contained" disabled={running} onClick={() => void start('ready')}>
              {translate('app.import.import', { smart_count: rows.length })}
            </Button>
          </Permitted>
        )}
        {started && corrected > 0 && (
          <Button variant="contained" disabled={running} onClick={() => void start('corrected')}>
            {translate('app.import.retry_corrected', { smart_count: corrected })}
          </Button>
        )}
        {started && tally.failed > 0 && (
          <Button variant={corrected > 0 ? 'outlined' : 'contained'} disabled={running} onClick={() => void start('failed')}>
            {translate('app.import.retry_failed')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
