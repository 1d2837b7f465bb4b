import { Fragment } from 'react';
import { Box, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Template } from '../types/api';
import { macVersionLabel, regionLabel, regParamsRevisionLabel } from '../profiles/networkLabels';

/** A template's description, the network settings its profile gets, and sample uplinks (the bytes to try its codec with). */
export function TemplateDetails() {
  const record = useRecordContext<Template>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ py: 1 }}>
      <Typography gutterBottom>{record.description}</Typography>
      <Box component="dl" data-testid="template-network" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, my: 1 }}>
        {[
          ['region', regionLabel(translate, record.region)],
          ['mac_version', macVersionLabel(record.mac_version)],
          ['reg_params_revision', regParamsRevisionLabel(record.reg_params_revision)],
          ['uplink_interval_s', String(record.uplink_interval_s)],
        ].map(([field, value]) => (
          <Fragment key={field}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {translate(`resources.profiles.fields.${field}`)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Fragment>
        ))}
      </Box>
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
