import { ReferenceInput, SelectInput, SimpleForm, TextInput, required } from 'react-admin';
import { useUserState } from '../stores/hooks';

/** Fields shared by company create and edit; the tenant only in multi-tenant mode (spec §6). */
export function CompanyForm() {
  const multiTenant = useUserState().user?.is_tenant_enabled === true;
  return (
    <SimpleForm>
      <TextInput source="name" validate={required()} fullWidth />
      {multiTenant && (
        <ReferenceInput source="tenant_id" reference="tenants" sort={{ field: 'name', order: 'ASC' }}>
          <SelectInput optionText="name" emptyValue={null} />
        </ReferenceInput>
      )}
    </SimpleForm>
  );
}
