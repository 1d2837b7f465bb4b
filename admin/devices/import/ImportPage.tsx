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
  TextField,
  Typography,
} from '@mui/material';
import { Title, useGetList, useTranslate } from 'react-admin';
import { VirtualListbox } from '../../common/VirtualListbox';
import { detectColumns, isCsvFile, mappingErrors, NO_MAPPING, toImportRows, type ColumnMapping, type ImportSource, type ParsedCsv } from './csv';
import { parseFileInWorker } from './parseFile';
import { initialRows, type RowState } from './rows';
import type { ProfileChoice } from './RowTable';
import { ReviewStep } from './ReviewStep';
import { usePhone } from '../../common/PhoneOrGrid';

const STEPS = ['source', 'upload', 'map', 'review'] as const;

/** Device import from CSV (spec §2): select source, upload, map columns, review; then import with per-row states. */
export function ImportPage({ parse = parseFileInWorker }: { parse?: (file: File) => Promise<ParsedCsv> }) {
  const translate = useTranslate();
  const profiles = useGetList<ProfileChoice>('profiles', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } });
  const [step, setStep] = useState(0);
  const [source, setSource] = useState<ImportSource>('vendor');
  const [parsed, setParsed] = useState<ParsedCsv | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [parsing, setParsing] = useState(false);
  const [mapping, setMapping] = useState<ColumnMapping>(NO_MAPPING);
  const [config, setConfig] = useState<string | null>(null);
  const [rows, setRows] = useState<RowState[]>([]);
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

      {step === 3 && <ReviewStep parsed={parsed} rows={rows} setRows={setRows} profiles={profiles.data ?? []} config={config} onBack={() => setStep(2)} />}
    </Box>
  );
}
