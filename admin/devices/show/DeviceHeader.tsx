import { Box } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { PowerStatusField, TimestampOrNever } from '../../common/fields';
import { ShowHeader } from '../../common/ShowHeader';
import type { DeviceDetail } from '../../types/api';

/** Who the device is and how it was last heard of: name, DevEUI, profile, last seen and power status. */
export function DeviceHeader() {
  const record = useRecordContext<DeviceDetail>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <ShowHeader
      title={record.name || record.dev_eui}
      facts={[
        [translate('resources.devices.fields.dev_eui'), <Box sx={{ fontFamily: 'monospace' }}>{record.dev_eui}</Box>],
        [translate('app.operations.device.profile'), record.config_name ?? translate('app.operations.device.none')],
        [translate('resources.devices.fields.last_seen'), <TimestampOrNever source="last_seen" />],
        [translate('resources.devices.fields.power_status'), <PowerStatusField />],
      ]}
    />
  );
}
