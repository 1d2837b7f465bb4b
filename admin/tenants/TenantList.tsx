import { TextField, UrlField } from 'react-admin';
import { KeyboardDatagrid } from '../common/KeyboardDatagrid';
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
    <ConsoleList>
      <PhoneOrGrid
        phone={<TenantCards />}
        grid={
          <KeyboardDatagrid rowClick="edit" bulkActionButtons={false}>
            <TextField source="name" />
            <UrlField source="logo_url" emptyText="—" />
            <ColorField source="color_hex" label="resources.tenants.fields.color_hex" />
            <DateField source="created_at" />
            <ConfirmDeleteButton />
          </KeyboardDatagrid>
        }
      />
    </ConsoleList>
  );
}
