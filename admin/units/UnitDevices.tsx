import { useState } from 'react';
import { Autocomplete, Box, Button, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Datagrid, ReferenceManyField, TextField, useGetList, useRecordContext, useRefresh, useTranslate, useUpdate } from 'react-admin';
import { TimestampOrNever } from '../common/fields';
import { VirtualListbox } from '../common/VirtualListbox';
import { useNotifyFailure } from '../common/useNotifyFailure';
import type { Device as DeviceRecord } from '../types/api';
import { Permitted } from '../common/Permitted';

/** The part of a device this panel shows and changes. */
type Device = Pick<DeviceRecord, 'id' | 'name' | 'dev_eui' | 'unit'>;

const label = (device: Device) => (device.name ? `${device.name} (${device.dev_eui})` : device.dev_eui);

/** Puts a device into the unit: the device's `unit` is set (a device is in at most one unit). */
function AddDevice({ unitId }: { unitId: string }) {
  const translate = useTranslate();
  const notifyFailure = useNotifyFailure();
  const refresh = useRefresh();
  const [search, setSearch] = useState('');
  const { data = [], isPending } = useGetList<Device>('devices', {
    filter: { q: search },
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'name', order: 'ASC' },
  });
  const [update, { isPending: saving }] = useUpdate<Device>();
  const add = (device: Device | null) => {
    if (!device) return;
    void update(
      'devices',
      { id: device.id, data: { unit: unitId }, previousData: device },
      { mutationMode: 'pessimistic', onSuccess: () => refresh(), onError: notifyFailure },
    );
  };
  return (
    <Autocomplete
      options={data.filter((device) => device.unit !== unitId)}
      getOptionLabel={label}
      loading={isPending}
      disabled={saving}
      filterOptions={(options) => options}
      onInputChange={(_event, value, reason) => reason === 'input' && setSearch(value)}
      onChange={(_event, device) => add(device)}
      value={null}
      slotProps={{ listbox: { component: VirtualListbox } }}
      renderInput={(params) => <MuiTextField {...params} label={translate('app.units.add_device')} size="small" />}
      sx={{ maxWidth: 480 }}
    />
  );
}

function RemoveButton() {
  const record = useRecordContext<Device>();
  const translate = useTranslate();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate<Device>();
  if (!record) return null;
  return (
    <Permitted action="PUT /device/:id/">
      <Button
        size="small"
        startIcon={<LinkOffIcon />}
        disabled={isPending}
        onClick={(event) => {
          event.stopPropagation();
          void update('devices', { id: record.id, data: { unit: null }, previousData: record }, { mutationMode: 'pessimistic', onSuccess: () => refresh() });
        }}
      >
        {translate('app.units.remove_device')}
      </Button>
    </Permitted>
  );
}

/** The unit's devices, with adding and removing (spec §2 Units: devices). */
export function UnitDevices() {
  const record = useRecordContext<{ id: string }>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ width: '100%', mt: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('resources.units.fields.devices')}
      </Typography>
      <Stack spacing={2}>
        <AddDevice unitId={record.id} />
        <ReferenceManyField reference="devices" target="unit" perPage={100} sort={{ field: 'name', order: 'ASC' }}>
          <Datagrid bulkActionButtons={false} empty={<Typography color="text.secondary">{translate('app.units.no_devices')}</Typography>}>
            <TextField source="name" />
            <TextField source="dev_eui" />
            <TimestampOrNever source="last_seen" />
            <RemoveButton />
          </Datagrid>
        </ReferenceManyField>
      </Stack>
    </Box>
  );
}
