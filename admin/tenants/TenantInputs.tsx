import { SimpleForm, TextInput, regex, required } from 'react-admin';

const HEX = /^#[0-9A-Fa-f]{6}$/;
const URL = /^https?:\/\/\S+$/;
const orNull = (value: string) => (value === '' ? null : value);

/** Tenant fields of spec §2: name, logo URL, primary colour hex (e.g. #3B82F6). */
export function TenantForm() {
  return (
    <SimpleForm>
      <TextInput source="name" validate={required()} fullWidth />
      <TextInput source="logo_url" validate={regex(URL, 'app.errors.validation')} parse={orNull} fullWidth />
      <TextInput source="color_hex" validate={regex(HEX, 'app.errors.validation')} parse={orNull} helperText="#3B82F6" />
    </SimpleForm>
  );
}
