import { CreateButton, FunctionField, TextField, TopToolbar, useTranslate } from 'react-admin';
import { KeyboardDatagrid } from '../common/KeyboardDatagrid';
import { DateField } from '../common/fields';
import { ConsoleList } from '../common/ConsoleList';
import { JoinCompanyButton } from './JoinCompanyButton';
import type { PlanFields } from './plan';
import { ConfirmDeleteButton } from '../common/ConfirmDeleteButton';

function Actions() {
  return (
    <TopToolbar>
      <JoinCompanyButton />
      <CreateButton />
    </TopToolbar>
  );
}

export function CompanyList() {
  const translate = useTranslate();
  return (
    <ConsoleList actions={<Actions />} empty={false}>
      <KeyboardDatagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <FunctionField source="role" render={(record: { role: 'owner' | 'member' }) => translate(`app.users.${record.role}`)} />
        <FunctionField source="plan" sortable={false} render={(record: PlanFields) => translate(`app.companies.plans.${record.plan}`)} />
        <DateField source="created_at" />
        <ConfirmDeleteButton />
      </KeyboardDatagrid>
    </ConsoleList>
  );
}
