import { SimpleForm, TextInput } from 'react-admin';
import { ReferenceCombobox } from '../common/ReferenceCombobox';
import { requiredText } from '../common/validators';
import { useUserState } from '../stores/hooks';
import { FormToolbar } from '../common/FormToolbar';

/** Fields shared by company create and edit; the tenant only in multi-tenant mode (spec §6). */
export function CompanyInputs() {
  const multiTenant = useUserState().user?.is_tenant_enabled === true;
  return (
    <SimpleForm toolbar={<FormToolbar />}>
      <TextInput source="name" validate={requiredText} fullWidth />
      {multiTenant && <ReferenceCombobox source="tenant_id" reference="tenants" label="resources.companies.fields.tenant_id" fullWidth />}
    </SimpleForm>
  );
}
