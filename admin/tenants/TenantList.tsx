import { UrlField } from 'react-admin';
import { KeyboardDataTable } from '../common/KeyboardDataTable';
import { ColorField, DateField } from '../common/fields';
import { ConsoleList } from '../common/ConsoleList';
import { ConfirmDeleteButton } from '../common/ConfirmDeleteButton';
import { PhoneOrGrid } from '../common/PhoneOrGrid';
import { CardFact, RecordCards } from '../common/RecordCards';

/** A tenant as a card on a phone: its name, colour and when it was created; tapping opens it. */
function TenantCards() {
  return (
    <RecordCards<{ id: string; name: string }>
      title={(tenant) => tenant.name}
      details={
        <>
          <ColorField />
          <CardFact label="resources.tenants.fields.created_at">
            <DateField source="created_at" />
          </CardFact>
        </>
      }
      link="edit"
    />
  );
}

export function TenantList() {
  return (
    <ConsoleList columnChooser>
      <PhoneOrGrid
        phone={<TenantCards />}
        grid={
          <KeyboardDataTable rowClick="edit" bulkActionButtons={false}>
            <KeyboardDataTable.Col source="name" />
            <KeyboardDataTable.Col source="logo_url">
              <UrlField source="logo_url" emptyText="—" />
            </KeyboardDataTable.Col>
            <KeyboardDataTable.Col label="resources.tenants.fields.color_hex">
              <ColorField source="color_hex" />
            </KeyboardDataTable.Col>
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
