import { BooleanField, Datagrid, DateField, List, TextField } from 'react-admin';

/** The dashboards of the selected company; issue #6 adds the widget grid. */
export function DashboardList() {
  return (
    <List resource="dashboards" sort={{ field: 'name', order: 'ASC' }}>
      <Datagrid bulkActionButtons={false}>
        <TextField source="name" />
        <BooleanField source="is_shared" />
        <DateField source="created_at" />
      </Datagrid>
    </List>
  );
}
