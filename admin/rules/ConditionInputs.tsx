import { Box } from '@mui/material';
import {
  ArrayInput,
  AutocompleteInput,
  FormDataConsumer,
  NumberInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useDataProvider,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useCompanyState } from '../stores/hooks';
import { useApiQuery } from '../common/useApiQuery';
import type { AppDataProvider } from '../providers/dataProvider';
import type { LeafCondition, RuleScope, TopicOperator } from '../types/api';
import { isGroup, NEW_LEAF, type FormItem } from './ruleForm';

const TYPES = ['topic', 'count', 'no_uplink', 'battery_below', 'log_code'] as const satisfies readonly LeafCondition['type'][];
const MATCHES = (['all', 'any'] as const).map((id) => ({ id, name: `app.rules.match.${id}` }));
type Topics = { id: string; name: string }[];
const OPERATORS = ['gt', 'gte', 'lt', 'lte', 'eq', 'ne', 'between', 'changed', 'changed_by'] as const satisfies readonly TopicOperator[];

/** The scope's topics with a recent value, named for the topic picker ("temperature (now 21.5)"). */
function useTopicChoices() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const companyId = useCompanyState().selectedCompanyId;
  const scope = useWatch<{ scope?: RuleScope }>({ name: 'scope' }) ?? 'company';
  const scopeId = useWatch<{ scope_id?: string | null }>({ name: 'scope_id' }) ?? null;
  const translate = useTranslate();
  const topics = useApiQuery({
    queryKey: ['rules', 'topics', companyId, scope, scopeId],
    queryFn: () => dataProvider.ruleTopics(companyId ?? '', scope, scope === 'company' ? null : scopeId),
    enabled: companyId !== null && (scope === 'company' || scopeId !== null),
  });
  return (topics.data ?? []).map((item) => ({
    id: item.topic,
    name: item.sample === null ? item.topic : translate('app.rules.topic_sample', { topic: item.topic, sample: String(item.sample) }),
  }));
}

/** One condition's fields, by its kind and comparison (sources are relative to the item: react-admin's SourceContext). */
function LeafFields({ leaf, topics }: { leaf: Partial<LeafCondition>; topics: Topics }) {
  if (leaf.type === 'topic' || leaf.type === 'count') {
    const op = leaf.op;
    return (
      <>
        <AutocompleteInput source="topic" label="app.rules.topic" choices={topics} onCreate={(topic) => ({ id: topic ?? '', name: topic ?? '' })} />
        <SelectInput source="op" label="app.rules.operator" choices={OPERATORS.map((id) => ({ id, name: `app.rules.op.${id}` }))} />
        {op !== 'changed' && op !== 'changed_by' && <TextInput source="value" label="app.rules.value" parse={parseValue} />}
        {op === 'between' && <NumberInput source="max" label="app.rules.max" />}
        {op === 'changed_by' && <NumberInput source="delta" label="app.rules.delta" min={0} />}
        {leaf.type === 'topic' && <NumberInput source="for_s" label="app.rules.for_s" min={1} />}
        {leaf.type === 'count' && <NumberInput source="times" label="app.rules.times" min={1} />}
        {leaf.type === 'count' && <NumberInput source="window_s" label="app.rules.window_s" min={1} />}
      </>
    );
  }
  if (leaf.type === 'no_uplink') return <NumberInput source="period_s" label="app.rules.period_s" min={1} />;
  if (leaf.type === 'battery_below') return <NumberInput source="level" label="app.rules.level" min={0} max={100} />;
  if (leaf.type === 'log_code') return <TextInput source="code" label="app.rules.code" />;
  return null;
}

/** A typed threshold: a number when it reads as one, true/false, else the text (for = and ≠ on text topics). */
export function parseValue(text: string): number | string | boolean {
  const trimmed = text.trim();
  if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true';
  const number = Number(trimmed.replace(',', '.'));
  return trimmed !== '' && Number.isFinite(number) ? number : text;
}

/** A list of conditions; at the top level an item may be a group of conditions with its own all/any. */
function ConditionList({ topics, nested }: { topics: Topics; nested: boolean }) {
  const kinds = [...TYPES, ...(nested ? [] : (['group'] as const))];
  return (
    <SimpleFormIterator inline disableReordering>
      <SelectInput source="type" label="app.rules.condition_kind" choices={kinds.map((id) => ({ id, name: `app.rules.condition_type.${id}` }))} />
      <FormDataConsumer<object>>
        {({ scopedFormData }) => {
          const item = scopedFormData as FormItem | undefined;
          if (!item) return null;
          if (!isGroup(item)) return <LeafFields leaf={item} topics={topics} />;
          return (
            <Box sx={{ width: '100%', pl: 2, borderLeft: 2, borderColor: 'divider' }}>
              <SelectInput source="match" label="app.rules.group_match" choices={MATCHES} defaultValue="all" />
              <ArrayInput source="conditions" label={false} defaultValue={[NEW_LEAF]}>
                <ConditionList topics={topics} nested />
              </ArrayInput>
            </Box>
          );
        }}
      </FormDataConsumer>
    </SimpleFormIterator>
  );
}

/**
 * The conditions and how they combine (all / any), built from the scope's actual topics; one level
 * of groups gives "A and (B or C)", as deep as the rule model goes.
 */
export function ConditionInputs() {
  const topics = useTopicChoices();
  return (
    <>
      <SelectInput source="condition.match" label="resources.rules.fields.match" choices={MATCHES} />
      <ArrayInput source="condition.conditions" label="app.rules.conditions">
        <ConditionList topics={topics} nested={false} />
      </ArrayInput>
    </>
  );
}
