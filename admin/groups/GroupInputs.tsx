import { SimpleForm, TextInput } from 'react-admin';
import { requiredText } from '../common/validators';
import { FormToolbar } from '../common/FormToolbar';

export function GroupInputs() {
  return (
    <SimpleForm toolbar={<FormToolbar />}>
      <TextInput source="name" validate={requiredText} fullWidth />
    </SimpleForm>
  );
}
