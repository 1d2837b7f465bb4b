import { Edit, useRecordContext } from 'react-admin';
import type { Rule } from '../types/api';
import { RuleHistory } from './RuleHistory';
import { RuleInputs } from './RuleInputs';
import { ruleBody } from './ruleForm';

function History() {
  const rule = useRecordContext<Rule>();
  return rule ? <RuleHistory rule={rule} /> : null;
}

export function RuleEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={ruleBody} aside={undefined}>
      <RuleInputs />
      <History />
    </Edit>
  );
}
