import { Button } from '@mui/material';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { Link } from 'react-router-dom';
import { BooleanField, CreateButton, SimpleList, TopToolbar, useTranslate } from 'react-admin';
import { ColumnChooser, KeyboardDataTable } from '../common/KeyboardDataTable';
import { DateField } from '../common/fields';
import { ConsoleList } from '../common/ConsoleList';
import { PhoneOrGrid } from '../common/PhoneOrGrid';
import { ConfirmDeleteButton } from '../common/ConfirmDeleteButton';
import { SyncStatusChip } from '../network/SyncStatusChip';
import { useListCarriesSync } from '../network/useListCarriesSync';
import { pollListWhilePending } from '../network/pollWhilePending';
import { PermittedForResource } from '../common/Permitted';

function Actions() {
  const translate = useTranslate();
  return (
    <TopToolbar>
      <ColumnChooser />
      <PermittedForResource kind="create">
        <CreateButton />
      </PermittedForResource>
      <Button component={Link} to="/templates" startIcon={<StorefrontIcon />}>
        {translate('app.profiles.from_template')}
      </Button>
    </TopToolbar>
  );
}

function ProfileGrid() {
  const synced = useListCarriesSync();
  return (
    <KeyboardDataTable rowClick="edit" bulkActionButtons={false}>
      <KeyboardDataTable.Col source="name" />
      <KeyboardDataTable.Col source="supports_otaa" field={BooleanField} />
      <KeyboardDataTable.Col source="supports_class_b" field={BooleanField} />
      <KeyboardDataTable.Col source="supports_class_c" field={BooleanField} />
      <KeyboardDataTable.Col source="is_template" field={BooleanField} />
      <KeyboardDataTable.Col source="created_at" field={DateField} />
      {synced && (
        <KeyboardDataTable.Col label="app.network.title">
          <SyncStatusChip />
        </KeyboardDataTable.Col>
      )}
      <KeyboardDataTable.Col>
        <ConfirmDeleteButton />
      </KeyboardDataTable.Col>
    </KeyboardDataTable>
  );
}

/** A profile as a card on a phone: its name and when it was created; tapping opens it (six columns do not fit 360 px). */
function ProfileCards() {
  return <SimpleList<{ id: string; name: string }> primaryText={(record) => record.name} secondaryText={<DateField source="created_at" />} linkType="edit" />;
}

export function ProfileList() {
  return (
    <ConsoleList actions={<Actions />} queryOptions={pollListWhilePending}>
      <PhoneOrGrid phone={<ProfileCards />} grid={<ProfileGrid />} />
    </ConsoleList>
  );
}
