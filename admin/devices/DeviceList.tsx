import { BulkDeleteWithConfirmButton, CreateButton, Datagrid, List, SearchInput, SelectInput, TextField, TopToolbar } from 'react-admin';
import { PowerStatusField, TimestampOrNever } from '../common/fields';
import { ListError } from '../common/ListError';
import { ReferenceCombobox } from '../common/ReferenceCombobox';
import { useUrlFilters } from '../layout/useUrlFilters';

const POWER_STATUSES = ['external', 'battery', 'battery_low', 'unknown'] as const;

// Every filter is a query parameter the API applies in the database (DESIGN §4): lists stay fast at 100,000 devices.
const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceCombobox key="profile" source="profile" reference="profiles" label="resources.devices.fields.config" />,
  <ReferenceCombobox key="unit" source="unit" reference="units" label="resources.devices.fields.unit" />,
  <SelectInput
    key="power_status"
    source="power_status"
    label="resources.devices.fields.power_status"
    choices={POWER_STATUSES.map((status) => ({ id: status, name: `app.devices.power_filter.${status}` }))}
  />,
];

function BulkActions() {
  return <BulkDeleteWithConfirmButton mutationMode="pessimistic" confirmTitle="app.devices.bulk_delete_title" confirmContent="app.common.delete_content" />;
}

export function DeviceList() {
  return (
    <List
      filter={useUrlFilters()}
      filters={filters}
      sort={{ field: 'last_seen', order: 'DESC' }}
      error={<ListError />}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      <Datagrid rowClick="edit" bulkActionButtons={<BulkActions />}>
        <TextField source="name" />
        <TextField source="dev_eui" sx={{ fontFamily: 'monospace' }} />
        <TimestampOrNever source="last_seen" />
        <TextField source="config_name" emptyText="—" />
        <TextField source="unit_name" emptyText="—" />
        <PowerStatusField label="resources.devices.fields.power_status" />
      </Datagrid>
    </List>
  );
}
