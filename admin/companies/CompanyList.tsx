import { CreateButton, TopToolbar, useTranslate } from 'react-admin';
import { ColumnChooser, KeyboardDataTable } from '../common/KeyboardDataTable';
import { DateField } from '../common/fields';
import { ConsoleList } from '../common/ConsoleList';
import { JoinCompanyButton } from './JoinCompanyButton';
import type { PlanFields } from './plan';
import { ConfirmDeleteButton } from '../common/ConfirmDeleteButton';

function Actions() {
  return (
    <TopToolbar>
      <ColumnChooser />
      <JoinCompanyButton />
      <CreateButton />
    </TopToolbar>
  );
}

export function CompanyList() {
  const translate = useTranslate();
  return (
    <ConsoleList actions={<Actions />} empty={false}>
      <KeyboardDataTable rowClick="edit" bulkActionButtons={false}>
        <KeyboardDataTable.Col source="name" />
        <KeyboardDataTable.Col source="role" render={(record: { role: 'owner' | 'member' }) => translate(`app.users.${record.role}`)} />
        <KeyboardDataTable.Col source="plan" disableSort render={(record: PlanFields) => translate(`app.companies.plans.${record.plan}`)} />
        <KeyboardDataTable.Col source="created_at" field={DateField} />
        <KeyboardDataTable.Col>
          <ConfirmDeleteButton />
        </KeyboardDataTable.Col>
      </KeyboardDataTable>
    </ConsoleList>
  );
}
