import { useMemo } from 'react';
import {
  BooleanInput,
  CheckboxGroupInput,
  FormDataConsumer,
  NumberInput,
  ReferenceInput,
  AutocompleteInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useRecordContext,
} from 'react-admin';
import { FormToolbar } from '../common/FormToolbar';
import { requiredText } from '../common/validators';
import type { Rule, RuleScope } from '../types/api';
import { ActionInputs } from './ActionInputs';
import { ConditionInputs } from './ConditionInputs';
import { RulePreview } from './RulePreview';
import { ruleFormValues, type RuleFormValues } from './ruleForm';

const SCOPES = ['company', 'device', 'unit', 'group', 'profile'] as const satisfies readonly RuleScope[];
const SCOPE_RESOURCE = { device: 'devices', unit: 'units', group: 'groups', profile: 'profiles' } as const;
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0] as const;

/** A rule's form, shared by create and edit: name, scope, conditions, schedule, actions, and the 24 h test. */
export function RuleInputs({ defaultValues }: { defaultValues?: RuleFormValues }) {
  const record = useRecordContext<Rule>();
  // A stored rule is edited with its groups tagged (ruleForm.ts); a new one starts from defaultValues.
  const formRecord = useMemo(() => (record ? ruleFormValues(record) : undefined), [record]);
  return (
    <SimpleForm toolbar={<FormToolbar />} record={formRecord} defaultValues={defaultValues}>
      <TextInput source="name" validate={requiredText} fullWidth />
      <BooleanInput source="enabled" />
      <SelectInput source="scope" label="app.rules.scope_label" choices={SCOPES.map((id) => ({ id, name: `app.rules.scope.${id}` }))} />
      <FormDataConsumer<RuleFormValues>>
        {({ formData }) =>
          formData.scope && formData.scope !== 'company' ? (
            <ReferenceInput source="scope_id" reference={SCOPE_RESOURCE[formData.scope]}>
              <AutocompleteInput label="app.rules.scope_item" fullWidth />
            </ReferenceInput>
          ) : null
        }
      </FormDataConsumer>
      <ConditionInputs />
      <NumberInput source="hysteresis" label="app.rules.hysteresis" min={0} step={0.1} />
      <BooleanInput source="scheduled" label="app.rules.scheduled" />
      <FormDataConsumer<RuleFormValues>>
        {({ formData }) =>
          formData.scheduled ? (
            <>
              <CheckboxGroupInput
                source="schedule.weekdays"
                label="app.rules.weekdays"
                choices={WEEKDAYS.map((day) => ({ id: day, name: `app.rules.weekday.${day}` }))}
              />
              <TextInput source="schedule.from" label="app.rules.from" type="time" />
              <TextInput source="schedule.to" label="app.rules.to" type="time" />
              <TextInput source="schedule.time_zone" label="app.rules.time_zone" />
            </>
          ) : null
        }
      </FormDataConsumer>
      <ActionInputs />
      <RulePreview />
    </SimpleForm>
  );
}
