import type { ReactNode } from 'react';
import { SimpleForm, TextInput, useCreate } from 'react-admin';
import { requiredText } from '../common/validators';
import { ReferenceCombobox } from '../common/ReferenceCombobox';
import { FormToolbar } from '../common/FormToolbar';

/** Name and group; a group that does not exist yet is created from the same field. */
export function UnitInputs({ children }: { children?: ReactNode }) {
  const [create] = useCreate<{ id: string; name: string }>();
  const createGroup = async (name?: string) => {
    const trimmed = name?.trim();
    if (!trimmed) return undefined;
    return create('groups', { data: { name: trimmed } }, { returnPromise: true });
  };
  return (
    <SimpleForm toolbar={<FormToolbar />}>
      <TextInput source="name" validate={requiredText} fullWidth />
      <ReferenceCombobox
        source="group"
        reference="groups"
        label="resources.units.fields.group"
        onCreate={createGroup}
        createItemLabel="app.units.create_group"
        fullWidth
      />
      {children}
    </SimpleForm>
  );
}
