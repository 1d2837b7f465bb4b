import { BooleanField, Datagrid, DateField, List, TextField } from 'react-admin';
import { TimestampOrNever } from '../common/fields';
import { useUrlFilters } from '../layout/useUrlFilters';

export function GatewayList() {
  return (
    <List filter={useUrlFilters()} sort={{ field: 'name', order: 'ASC' }}>
      <Datagrid bulkActionButtons={false}>
        <TextField source="name" />
        <TextField source="gateway_id" />
        <BooleanField source="connected" />
        <TimestampOrNever source="last_seen" />
        <DateField source="cert_expires_at" emptyText="—" />
      </Datagrid>
    </List>
  );
}
