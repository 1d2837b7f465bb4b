import { Create } from 'react-admin';
import { RuleInputs } from './RuleInputs';
import { ruleBody, NEW_RULE } from './ruleForm';

export function RuleCreate() {
  return (
    <Create redirect="edit" transform={ruleBody}>
      <RuleInputs defaultValues={NEW_RULE} />
    </Create>
  );
}
