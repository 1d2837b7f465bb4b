import { useState, type ChangeEvent, type DragEvent } from 'react';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  FormControlLabel,
  LinearProgress,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { Title, useDataProvider, useGetList, useTranslate } from 'react-admin';
import { VirtualListbox } from '../../common/VirtualListbox';
import { Permitted } from '../../common/Permitted';
import type { AppDataProvider } from '../../providers/dataProvider';
import { detectColumns, isCsvFile, mappingErrors, NO_MAPPING, toImportRows, type ColumnMapping, type ImportSource, type ParsedCsv } from './csv';
import { parseFileInWorker } from './parseFile';
import { counts, initialRows, ROW_STATUSES, runImport, type RowState } from './rows';
import { RowTable, type ProfileChoice } from './RowTable';
import { usePhone } from '../../common/PhoneOrGrid';

/** Spec §9: the preview shows the first 5 rows. */
export const PREVIEW_ROWS = 5;
const STEPS = ['source', 'upload', 'map', 'review'] as const;

/** Device import from CSV (spec §2): select source, upload, map columns, review; then import with per-row states. */
export function ImportPage({ parse = parseFileInWorker }: { parse?: (file: File) => Promise<ParsedCsv> }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const profiles = useGetList<ProfileChoice>('profiles', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } });
  const [step, setStep] = useState(0);
  const [source, setSource] = useState<ImportSource>('vendor');
  const [parsed, setParsed] = useState<ParsedCsv | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [parsing, setParsing] = useState(false);
  const [mapping, setMapping] = useState<ColumnMapping>(NO_MAPPING);
  const [config, setConfig] = useState<string | null>(null);
  const [rows, setRows] = useState<RowState[]>([]);
  const [running, setRunning] = useState(false);
  const phone = usePhone();

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    setFileError(null);
    if (!isCsvFile(file)) {
      setFileError('app.import.not_csv');
      return;
    }
    setParsing(true);
    try {
      const result = await parse(file);
      if (result.records.length === 0) {
        setFileError('app.import.no_rows');
        return;
      }
      setParsed(result);
      setMapping(detectColumns(result.headers, source));
      setStep(2);
    } catch (error) {
      console.error('CSV could not be read', error);
      setFileError('app.import.unreadable');
    } finally {
      setParsing(false);
    }
  };

  const errors = mappingErrors(mapping, config);
  const toReview = () => {
    if (!parsed || errors.length > 0) return;
    setRows(initialRows(toImportRows(parsed, mapping, config)));
    setStep(3);
  };

  const start = async (which: 'ready' | 'failed') => {
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
  const columnSelect = (key: keyof ColumnMapping, label: string, optional = false) => (
    <TextField
      select
      label={translate(label)}
      value={mapping[key] ?? ''}
      onChange={(event) => setMapping({ ...mapping, [key]: event.target.value === '' ? null : Number(event.target.value) })}
      sx={{ minWidth: 220 }}
    >
      {optional && (
        <MenuItem value="">
          <em>{translate('app.import.none')}</em>
        </MenuItem>
      )}
      {parsed?.headers.map((header, index) => (
        <MenuItem key={`${header}-${index}`} value={index}>
          {header || translate('app.import.column_n', { n: index + 1 })}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('app.import.title')} />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('app.import.title')}
      </Typography>
      {/* On a phone the stepper shows numbers only and names the current step below: four labels
          side by side do not fit 360 px (issue #22). */}
      <Stepper activeStep={step} sx={{ mb: phone ? 1 : 3 }}>
        {STEPS.map((name) => (
          <Step key={name}>
            <StepLabel>{phone ? null : translate(`app.import.steps.${name}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {phone && (
        <Typography variant="subtitle2" component="p" sx={{ mb: 2 }}>
          {translate('app.import.step_of', { n: step + 1, total: STEPS.length, name: translate(`app.import.steps.${STEPS[step]}`) })}
        </Typography>
      )}

      {step === 0 && (
        <Paper sx={{ p: 2 }}>
          <RadioGroup value={source} onChange={(event) => setSource(event.target.value as ImportSource)}>
            <FormControlLabel value="vendor" control={<Radio />} label={translate('app.import.source_vendor')} />
            <FormControlLabel value="generic" control={<Radio />} label={translate('app.import.source_generic')} />
          </RadioGroup>
          <Button variant="contained" onClick={() => setStep(1)} sx={{ mt: 2 }}>
            {translate('app.import.next')}
          </Button>
        </Paper>
      )}

      {step === 1 && (
        <Paper
          sx={{ p: 4, textAlign: 'center', border: '2px dashed', borderColor: 'divider' }}
          onDragOver={(event: DragEvent) => event.preventDefault()}
          onDrop={(event: DragEvent) => {
            event.preventDefault();
            void readFile(event.dataTransfer.files[0]);
          }}
        >
          <Typography gutterBottom>{translate('app.import.drop')}</Typography>
          <Button variant="contained" component="label" disabled={parsing}>
            {translate('app.import.choose_file')}
            <input
              hidden
              type="file"
              accept=".csv,text/csv"
              data-testid="csv-file"
              onChange={(event: ChangeEvent<HTMLInputElement>) => void readFile(event.target.files?.[0])}
            />
          </Button>
          {parsing && <LinearProgress sx={{ mt: 2 }} />}
          {fileError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {translate(fileError)}
            </Alert>
          )}
          <Box sx={{ mt: 2 }}>
            <Button onClick={() => setStep(0)}>{translate('app.import.back')}</Button>
          </Box>
        </Paper>
      )}

      {step === 2 && parsed && (
        <Paper sx={{ p: 2 }}>
          <Typography gutterBottom>{translate('app.import.found', { smart_count: parsed.records.length })}</Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ my: 2 }}>
            <Autocomplete
              options={profiles.data ?? []}
              loading={profiles.isPending}
              getOptionLabel={(profile) => profile.name}
              value={profiles.data?.find((profile) => profile.id === config) ?? null}
              onChange={(_event, profile) => setConfig(profile?.id ?? null)}
              slotProps={{ listbox: { component: VirtualListbox } }}
              renderInput={(params) => <TextField {...params} label={translate('app.import.configuration')} />}
              sx={{ minWidth: 260 }}
            />
            {columnSelect('devEui', 'app.import.dev_eui_column')}
            {columnSelect('joinEui', 'app.import.join_eui_column', true)}
            {columnSelect('appKey', 'app.import.app_key_column')}
            {columnSelect('name', 'app.import.name_column', true)}
          </Stack>
          {errors.map((error) => (
            <Alert key={error} severity="info" sx={{ mb: 1 }}>
              {translate(error)}
            </Alert>
          ))}
          <Stack direction="row" spacing={1}>
            <Button onClick={() => setStep(1)}>{translate('app.import.back')}</Button>
            <Button variant="contained" disabled={errors.length > 0} onClick={toReview}>
              {translate('app.import.next')}
            </Button>
          </Stack>
        </Paper>
      )}

      {step === 3 && (
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
            profiles={profiles.data ?? []}
            editable={!started}
            onProfile={(index, value) => setRows(rows.map((row, position) => (position === index ? { ...row, config: value } : row)))}
          />
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            {!started && <Button onClick={() => setStep(2)}>{translate('app.import.back')}</Button>}
            {!started && (
              <Permitted action="POST /device/bulk/">
                <Button variant="contained" disabled={running} onClick={() => void start('ready')}>
                  {translate('app.import.import', { smart_count: rows.length })}
                </Button>
              </Permitted>
            )}
            {started && tally.failed > 0 && (
              <Button variant="contained" disabled={running} onClick={() => void start('failed')}>
                {translate('app.import.retry_failed')}
              </Button>
            )}
          </Stack>
        </Paper>
      )}
    </Box>
  );
}
