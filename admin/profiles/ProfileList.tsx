import { Button } from '@mui/material';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { Link } from 'react-router-dom';
import { BooleanField, CreateButton, Datagrid, DateField, DeleteWithConfirmButton, List, SearchInput, TextField, TopToolbar, useTranslate } from 'react-admin';
import { ListError } from '../common/ListError';
import { useUrlFilters } from '../layout/useUrlFilters';

function Actions() {
  const translate = useTranslate();
  return (
    <TopToolbar>
      <CreateButton />
      <Button component={Link} to="/templates" startIcon={<StorefrontIcon />}>
        {translate('app.profiles.from_template')}
      </Button>
    </TopToolbar>
  );
}

export function ProfileList() {
  return (
    <List filter={useUrlFilters()} filters={[<SearchInput key="q" source="q" alwaysOn />]} sort={{ field: 'name', order: 'ASC' }} actions={<Actions />} error={<ListError />}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <BooleanField source="supports_otaa" />
        <BooleanField source="supports_class_b" />
        <BooleanField source="supports_class_c" />
        <BooleanField source="is_template" />
        <DateField source="created_at" />
        <DeleteWithConfirmButton mutationMode="pessimistic" confirmContent="app.common.delete_content" />
      </Datagrid>
    </List>
  );
}
