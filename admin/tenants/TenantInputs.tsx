import { regex, SimpleForm, TextInput } from 'react-admin';
import { requiredText } from '../common/validators';
import { BarPreview } from './BarPreview';
import { FormToolbar } from '../common/FormToolbar';

const HEX = /^#[0-9A-Fa-f]{6}$/;
const URL = /^https?:\/\/\S+$/;
const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** Tenant fields of spec §2: name, logo URL, primary colour hex (e.g. #3B82F6), with a live preview of the bar. */
export function TenantInputs() {
  return (
    <SimpleForm toolbar={<FormToolbar />}>
      <TextInput source="name" validate={requiredText} fullWidth />
      <TextInput source="logo_url" validate={regex(URL, 'app.tenants.invalid_url')} parse={orNull} fullWidth />
      <TextInput source="color_hex" validate={regex(HEX, 'app.tenants.invalid_color')} parse={orNull} helperText="app.tenants.color_help" />
      <BarPreview />
    </SimpleForm>
  );
}
