import { Box, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Template } from '../types/api';

/** A template's description and sample uplinks (the bytes to try its codec with). */
export function TemplateDetails() {
  const record = useRecordContext<Template>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ py: 1 }}>
      <Typography gutterBottom>{record.description}</Typography>
      {record.samples.length > 0 && (
        <>
          <Typography variant="subtitle2">{translate('app.profiles.samples')}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {record.samples.map((sample) => (
              <li key={`${sample.fPort}-${sample.bytes_hex}`}>
                <Typography variant="body2">
                  {sample.description} —{' '}
                  <code data-testid="template-sample">{translate('app.profiles.sample', { fPort: sample.fPort, bytes: sample.bytes_hex })}</code>
                </Typography>
              </li>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
