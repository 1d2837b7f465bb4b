import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { Form, required, useDataProvider, useTranslate } from 'react-admin';
import type { BulkJob } from '../../types/api';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { BulkJobAction, BulkJobTarget } from '../../providers/bulkJobsApi';
import { ReferenceCombobox } from '../../common/ReferenceCombobox';
import { useNotifyFailure } from '../../common/useNotifyFailure';

export type BulkJobKind = BulkJobAction['kind'];

const TITLES: Record<BulkJobKind, string> = {
  delete: 'app.devices.bulk_delete_title',
  move: 'app.devices.bulk.move_title',
  profile: 'app.devices.bulk.profile_title',
};

/** What the form holds: the unit to move to or the profile to switch to. */
interface Choice {
  unit?: string | null;
  config?: string | null;
}

const actionOf = (kind: BulkJobKind, choice: Choice): BulkJobAction =>
  kind === 'delete' ? { kind } : kind === 'move' ? { kind, unit: choice.unit || null } : { kind, config: choice.config ?? '' };

/**
 * Asks before a bulk operation (and for the unit or profile it needs), then queues it as one
 * server job: `onStarted` receives the job, whose progress the caller shows.
 */
export function BulkJobDialog({
  kind,
  count,
  target,
  onClose,
  onStarted,
}: {
  kind: BulkJobKind;
  count: number;
  target: BulkJobTarget;
  onClose: () => void;
  onStarted: (job: BulkJob) => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notifyFailure = useNotifyFailure();
  const starting = useMutation({
    mutationFn: (choice: Choice) => dataProvider.startBulkJob(target, actionOf(kind, choice)),
    onSuccess: onStarted,
    onError: notifyFailure,
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="bulk-job-title">
      <Form record={{ unit: null, config: null }} onSubmit={(values: Choice) => starting.mutate(values)}>
        <DialogTitle id="bulk-job-title">{translate(TITLES[kind], { smart_count: count })}</DialogTitle>
        <DialogContent>
          {kind === 'delete' && <DialogContentText>{translate('app.common.delete_content')}</DialogContentText>}
          {kind === 'move' && <ReferenceCombobox source="unit" reference="units" label="app.devices.bulk.unit" fullWidth />}
          {kind === 'profile' && <ReferenceCombobox source="config" reference="profiles" label="app.devices.bulk.config" validate={required()} fullWidth />}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" color={kind === 'delete' ? 'error' : 'primary'} disabled={starting.isPending}>
            {translate(kind === 'delete' ? 'ra.action.delete' : 'app.devices.bulk.start')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
