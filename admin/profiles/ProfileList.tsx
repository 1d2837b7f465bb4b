import { Button } from '@mui/material';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { Link } from 'react-router-dom';
import { BooleanField, CreateButton, SimpleList, TextField, TopToolbar, useTranslate } from 'react-admin';
import { KeyboardDatagrid } from '../common/KeyboardDatagrid';
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
    <KeyboardDatagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="name" />
      <BooleanField source="supports_otaa" />
      <BooleanField source="supports_class_b" />
      <BooleanField source="supports_class_c" />
      <BooleanField source="is_template" />
      <DateField source="created_at" />
      {synced && <SyncStatusChip label="app.network.title" />}
      <ConfirmDeleteButton />
    </KeyboardDatagrid>
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
