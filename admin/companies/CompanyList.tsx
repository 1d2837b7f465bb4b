import { CreateButton, FunctionField, TopToolbar, useTranslate } from 'react-admin';
import { ColumnChooser, KeyboardDataTable } from '../common/KeyboardDataTable';
import { DateField } from '../common/fields';
import { ConsoleList } from '../common/ConsoleList';
import { PhoneOrGrid } from '../common/PhoneOrGrid';
import { RecordCards } from '../common/RecordCards';
import { JoinCompanyButton } from './JoinCompanyButton';
import type { PlanFields } from './plan';
import { ConfirmDeleteButton } from '../common/ConfirmDeleteButton';

type CompanyRow = PlanFields & { id: string; name: string; role: 'owner' | 'member' };

function Actions() {
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <ColumnChooser />
      <JoinCompanyButton />
      <CreateButton />
    </TopToolbar>
  );
}

/** A company as a card on a phone: its name, the caller's role and its plan; tapping opens it. */
function CompanyCards() {
  const translate = useTranslate();
  return (
    <RecordCards<CompanyRow>
      title={(company) => company.name}
      details={
        <FunctionField<CompanyRow> render={(company) => `${translate(`app.users.${company.role}`)} · ${translate(`app.companies.plans.${company.plan}`)}`} />
      }
      link="edit"
    />
  );
}

export function CompanyList() {
  const translate = useTranslate();
  return (
    <ConsoleList actions={<Actions />} empty={false}>
      <PhoneOrGrid
        phone={<CompanyCards />}
        grid={
          <KeyboardDataTable rowClick="edit" bulkActionButtons={false}>
            <KeyboardDataTable.Col source="name" />
            <KeyboardDataTable.Col source="role" render={(record: { role: 'owner' | 'member' }) => translate(`app.users.${record.role}`)} />
            <KeyboardDataTable.Col source="plan" disableSort render={(record: PlanFields) => translate(`app.companies.plans.${record.plan}`)} />
            <KeyboardDataTable.Col source="created_at" field={DateField} />
            <KeyboardDataTable.Col>
              <ConfirmDeleteButton />
            </KeyboardDataTable.Col>
          </KeyboardDataTable>
        }
      />
    </ConsoleList>
  );
}
