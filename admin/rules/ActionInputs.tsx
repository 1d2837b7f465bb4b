import { ArrayInput, FormDataConsumer, NumberInput, ReferenceInput, SelectInput, SimpleFormIterator, TextInput, AutocompleteInput } from 'react-admin';
import type { RuleAction } from '../types/api';
import { RecipientsInput } from './RecipientsInput';

const TYPES = ['notification', 'email', 'webhook', 'downlink', 'flag'] as const satisfies readonly RuleAction['type'][];
const ENCODINGS = ['hex', 'base64', 'json'] as const;

/** One action's fields, by its kind. */
function ActionFields({ action }: { action: Partial<RuleAction> }) {
  switch (action.type) {
    case 'notification':
    case 'email':
      return <RecipientsInput />;
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

/** The rule's actions: notifications and e-mails to members, a webhook, a downlink, a flag topic. */
export function ActionInputs() {
  return (
    <ArrayInput source="actions" label="app.rules.actions">
      <SimpleFormIterator inline disableReordering>
        <SelectInput source="type" label="app.rules.action_kind" choices={TYPES.map((id) => ({ id, name: `app.rules.action_type.${id}` }))} />
        <FormDataConsumer<object>>
          {({ scopedFormData }) => (scopedFormData ? <ActionFields action={scopedFormData as Partial<RuleAction>} /> : null)}
        </FormDataConsumer>
      </SimpleFormIterator>
    </ArrayInput>
  );
}
