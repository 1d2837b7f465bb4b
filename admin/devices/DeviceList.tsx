import { Datagrid, List, TextField } from 'react-admin';
import { PowerStatusField, TimestampOrNever } from '../common/fields';
import { useUrlFilters } from '../layout/useUrlFilters';

export function DeviceList() {
  return (
    <List filter={useUrlFilters()} sort={{ field: 'last_seen', order: 'DESC' }}>
      <Datagrid bulkActionButtons={false}>
        <TextField source="name" />
        <TextField source="dev_eui" />
        <TimestampOrNever source="last_seen" />
        <TextField source="config_name" emptyText="—" />
        <TextField source="unit_name" emptyText="—" />
        <PowerStatusField label="resources.devices.fields.power_status" />
      </Datagrid>
    </List>
  );
}
