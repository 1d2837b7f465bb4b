import { Box, Button, Chip, Typography } from '@mui/material';
import DoneIcon from '@mui/icons-material/Done';
import {
  BulkDeleteButton,
  Datagrid,
  DeleteButton,
  FunctionField,
  List,
  useRecordContext,
  useListContext,
  useTranslate,
  useUpdate,
  useUpdateMany,
} from 'react-admin';
import { DateField } from '../common/fields';
import { ListError } from '../common/ListError';
import type { Notification } from '../types/api';
import { NotificationText } from './NotificationText';
import { PhoneOrGrid } from '../common/PhoneOrGrid';
import { RecordCards } from '../common/RecordCards';

function MarkReadButton() {
  const record = useRecordContext<Notification>();
  const translate = useTranslate();
  const [update, { isPending }] = useUpdate<Notification>();
  if (!record) return null;
  const toggle = () => update('notifications', { id: record.id, data: { is_read: !record.is_read }, previousData: record });
  return (
    <Button size="small" disabled={isPending} onClick={(event) => (event.stopPropagation(), toggle())}>
      {translate(record.is_read ? 'app.notifications.mark_unread' : 'app.notifications.mark_read')}
    </Button>
  );
}

/** Marks the selection read at once: react-admin's BulkUpdateButton would ask for a confirmation first. */
function BulkMarkReadButton() {
  const translate = useTranslate();
  const { selectedIds, onUnselectItems } = useListContext();
  const [updateMany, { isPending }] = useUpdateMany();
  const markRead = () =>
    updateMany('notifications', { ids: selectedIds, data: { is_read: true } }, { mutationMode: 'pessimistic', onSuccess: () => onUnselectItems() });
  return (
    <Button size="small" startIcon={<DoneIcon />} disabled={isPending} onClick={markRead}>
      {translate('app.notifications.mark_read')}
    </Button>
  );
}

function BulkActions() {
  return (
    <>
      <BulkMarkReadButton />
      <BulkDeleteButton mutationMode="pessimistic" />
    </>
  );
}

function Empty() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 6 }}>
      <Typography color="text.secondary">{translate('app.notifications.empty')}</Typography>
    </Box>
  );
}

/** Read or unread, as a chip. */
function ReadChip({ record }: { record: Notification }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={record.is_read ? 'default' : 'primary'}
      label={translate(record.is_read ? 'app.notifications.read' : 'app.notifications.unread')}
    />
  );
}

/** A notification as a card on a phone: its title, read or not, when, its message, and its actions. */
function NotificationCards() {
  return (
    <RecordCards<Notification>
      title={() => <NotificationText part="title" />}
      details={
        <FunctionField<Notification>
          render={(record) => (
            <>
              <ReadChip record={record} /> <DateField source="created_at" showTime /> <NotificationText part="message" />
            </>
          )}
        />
      }
      actions={
        <>
          <MarkReadButton />
          <DeleteButton mutationMode="pessimistic" />
        </>
      }
    />
  );
}

/** Notifications (spec §2): title, message, mark as read, bulk mark read, delete. */
export function NotificationList() {
  return (
    <List error={<ListError />} empty={<Empty />} perPage={25} exporter={false}>
      <PhoneOrGrid
        phone={<NotificationCards />}
        grid={
          <Datagrid bulkActionButtons={<BulkActions />} rowSx={(record) => (record.is_read ? {} : { fontWeight: 'bold' })}>
            <FunctionField source="is_read" render={(record: Notification) => <ReadChip record={record} />} />
            <FunctionField source="title" render={() => <NotificationText part="title" />} />
            <FunctionField source="message" render={() => <NotificationText part="message" />} />
            <DateField source="created_at" showTime />
            <MarkReadButton />
            <DeleteButton mutationMode="pessimistic" />
          </Datagrid>
        }
      />
    </List>
  );
}
