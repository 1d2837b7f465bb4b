import { Alert } from '@mui/material';
import {
  ArrayInput,
  FormDataConsumer,
  NumberInput,
  ReferenceInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  AutocompleteInput,
  useTranslate,
} from 'react-admin';
import type { RuleAction } from '../types/api';

const TYPES = ['notification', 'webhook', 'downlink', 'flag'] as const satisfies readonly RuleAction['type'][];
const ENCODINGS = ['hex', 'base64', 'json'] as const;

/** One action's fields, by its kind. A notification goes to every member of the company. */
function ActionFields({ action }: { action: Partial<RuleAction> }) {
  switch (action.type) {
    case 'webhook':
      return (
        <ReferenceInput source="webhook_id" reference="webhooks">
          <AutocompleteInput label="app.rules.webhook" optionText="url" />
        </ReferenceInput>
      );
    case 'downlink':
      return (
        <>
          <TextInput source="payload" label="app.rules.payload" />
          <SelectInput source="encoding" label="app.rules.encoding" choices={ENCODINGS.map((id) => ({ id, name: id }))} defaultValue="hex" />
          <NumberInput source="f_port" label="app.rules.f_port" min={1} max={223} />
        </>
      );
    case 'flag':
      return <TextInput source="topic" label="app.rules.flag_topic" defaultValue="alarm" />;
    default:
      return null;
  }
}

/** The rule's actions; e-mail is listed as not available until the installation can send mail. */
export function ActionInputs() {
  const translate = useTranslate();
  return (
    <>
      <ArrayInput source="actions" label="app.rules.actions">
        <SimpleFormIterator inline disableReordering>
          <SelectInput
            source="type"
            label="app.rules.actions"
            choices={[
              ...TYPES.map((id) => ({ id, name: `app.rules.action_type.${id}` })),
              { id: 'email', name: 'app.rules.action_type.email', disabled: true },
            ]}
          />
          <FormDataConsumer<object>>
            {({ scopedFormData }) => (scopedFormData ? <ActionFields action={scopedFormData as Partial<RuleAction>} /> : null)}
          </FormDataConsumer>
        </SimpleFormIterator>
      </ArrayInput>
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('app.rules.email_unavailable')}
      </Alert>
    </>
  );
}
