import { SimpleForm, TextInput } from 'react-admin';
import { requiredText } from '../common/validators';

export function GroupForm() {
  return (
    <SimpleForm>
      <TextInput source="name" validate={requiredText} fullWidth />
    </SimpleForm>
  );
}
