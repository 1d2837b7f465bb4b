import { Button } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Link } from 'react-router-dom';
import { CreateButton, SimpleList, TextField, TopToolbar, useTranslate } from 'react-admin';
import { ColumnChooser, KeyboardDataTable } from '../common/KeyboardDataTable';
import { PowerStatusField, TimestampOrNever } from '../common/fields';
import { ConsoleList } from '../common/ConsoleList';
import { PhoneOrGrid } from '../common/PhoneOrGrid';
import { ColumnFilterButton } from '../common/filters/ColumnFilterButton';
import { SyncStatusChip } from '../network/SyncStatusChip';
import { useListCarriesSync } from '../network/useListCarriesSync';
import { useListLivePoll } from '../network/pollWhilePending';
import { UnregisteredPanel } from './unregistered/UnregisteredPanel';
import { DevicesEmpty } from './DevicesEmpty';
import { ExportDevicesButton } from './ExportDevicesButton';
import { Permitted } from '../common/Permitted';
import { DeviceBulkActions } from './bulk/DeviceBulkActions';

// Search and column filters are query parameters the API applies in the database (DESIGN §4), so
// the list stays fast at 100,000 devices. Profile and unit are not sortable: the API orders by the
// device's own columns only (DEVICE_ORDERINGS), each read along an index (migration 0039).

function Actions() {
  const translate = useTranslate();
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <ColumnFilterButton model="device" field="config" source="profile" label="resources.devices.fields.config" />
      <ColumnFilterButton model="device" field="unit" source="unit" label="resources.devices.fields.unit" />
      <ColumnFilterButton
        model="device"
        field="power_status"
        source="power_status"
        label="resources.devices.fields.power_status"
        optionLabel={(option) => translate(`app.devices.power_filter.${option.value}`)}
      />
      <Permitted action="POST /device/bulk/">
        <Button component={Link} to="/devices/import" startIcon={<UploadFileIcon />}>
          {translate('app.import.open')}
        </Button>
      </Permitted>
      <ColumnChooser />
      <ExportDevicesButton />
      <Permitted action="POST /device/">
        <CreateButton />
      </Permitted>
    </TopToolbar>
  );
}

function DeviceGrid() {
  const synced = useListCarriesSync();
  return (
    <KeyboardDataTable rowClick="show" bulkActionButtons={<DeviceBulkActions />}>
      <KeyboardDataTable.Col source="name" />
      <KeyboardDataTable.Col source="dev_eui" sx={{ fontFamily: 'monospace' }} />
      <KeyboardDataTable.Col source="last_seen">
        <TimestampOrNever source="last_seen" />
      </KeyboardDataTable.Col>
      <KeyboardDataTable.Col source="config_name" disableSort>
        <TextField source="config_name" emptyText="—" />
      </KeyboardDataTable.Col>
      <KeyboardDataTable.Col source="unit_name" disableSort>
        <TextField source="unit_name" emptyText="—" />
      </KeyboardDataTable.Col>
      <KeyboardDataTable.Col label="resources.devices.fields.power_status">
        <PowerStatusField />
      </KeyboardDataTable.Col>
      {synced && (
        <KeyboardDataTable.Col label="app.network.title">
          <SyncStatusChip />
        </KeyboardDataTable.Col>
      )}
    </KeyboardDataTable>
  );
}

type DeviceRecord = { id: string; name: string | null; dev_eui: string };

/** A device as a card on a phone: its name, when it was last seen, its power; tapping opens it. */
function DeviceCards() {
  return (
    <SimpleList<DeviceRecord>
      primaryText={(record) => record.name || record.dev_eui}
      secondaryText={<TimestampOrNever source="last_seen" />}
      tertiaryText={<PowerStatusField />}
      linkType="show"
    />
  );
}

/** The devices, below the ones the network server heard that are not registered yet (outside the list, so it shows before the first device too). */
export function DeviceList() {
  const livePoll = useListLivePoll();
  return (
    <>
      <UnregisteredPanel />
      <ConsoleList sort={{ field: 'last_seen', order: 'DESC' }} actions={<Actions />} empty={<DevicesEmpty />} queryOptions={livePoll}>
        <PhoneOrGrid phone={<DeviceCards />} grid={<DeviceGrid />} />
      </ConsoleList>
    </>
  );
}
