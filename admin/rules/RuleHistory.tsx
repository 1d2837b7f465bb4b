import { useDataProvider, useTranslate } from 'react-admin';
import { Section } from '../common/Section';
import { useApiQuery } from '../common/useApiQuery';
import type { AppDataProvider } from '../providers/dataProvider';
import type { Rule, TopicValues } from '../types/api';
import { TransitionTable } from './RulePreview';

/** How many firings the history shows. */
const HISTORY_ROWS = 50;

/** "temperature = 9.5, door = open" */
export const valuesText = (values: TopicValues): string =>
  Object.entries(values)
    .map(([topic, value]) => `${topic} = ${value === null ? '–' : String(value)}`)
    .join(', ');

/** A rule's latest firings and resolutions with the values that caused them. */
export function RuleHistory({ rule }: { rule: Rule }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const firings = useApiQuery({ queryKey: ['rules', 'firings', rule.id], queryFn: () => dataProvider.ruleFirings(rule.id, HISTORY_ROWS) });
  const rows = firings.data ?? [];
  return (
    <Section
      title={translate('app.rules.history')}
      load={firings}
      isEmpty={rows.length === 0}
      emptyText={translate('app.rules.history_empty')}
      errorText={translate('app.rules.history_error')}
    >
      <TransitionTable rows={rows} />
    </Section>
  );
}
