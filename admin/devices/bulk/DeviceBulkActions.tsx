import { Suspense, useCallback, useEffect, useState, type ComponentProps } from 'react';
import { Button, Dialog, LinearProgress, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import TuneIcon from '@mui/icons-material/Tune';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useListContext, useRefresh, useTranslate } from 'react-admin';
import type { BulkJob } from '../../types/api';
import type { BulkJobTarget } from '../../providers/bulkJobsApi';
import type { AppDataProvider, BoundedListMeta } from '../../providers/dataProvider';
import { Permitted } from '../../common/Permitted';
import { useFormatters } from '../../common/format';
import type { BulkJobDialog as BulkJobDialogComponent, BulkJobKind } from './BulkJobDialog';
import { lazyNamed } from '../../common/lazy';
import { BulkJobProgress } from './BulkJobProgress';

// The dialog (react-admin's form, the unit and profile comboboxes with their virtual lists) is fetched when an action is chosen.
const BulkJobDialog = lazyNamed<ComponentProps<typeof BulkJobDialogComponent>>(() => import('./BulkJobDialog'), 'BulkJobDialog');

const ACTIONS: { kind: BulkJobKind; icon: React.ReactElement; label: string }[] = [
  { kind: 'delete', icon: <DeleteIcon />, label: 'app.devices.bulk.delete' },
  { kind: 'move', icon: <DriveFileMoveIcon />, label: 'app.devices.bulk.move' },
  { kind: 'profile', icon: <TuneIcon />, label: 'app.devices.bulk.profile' },
];

/**
 * The device list's bulk actions. Once every row of the page is picked, "Select all N matching"
 * widens the choice to everything the list's filters match; either way an action runs on the
 * server as one job (delete, move, change profile) whose progress shows until it ends. When the
 * list's count stopped at a bound ("more than 1,000", issue #20), choosing all asks the server for
 * the exact number once, so the choice and the dialog say how many devices the job will act on.
 */
export function DeviceBulkActions() {
  const translate = useTranslate();
  const format = useFormatters();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { selectedIds, total, data = [], filterValues, meta, onUnselectItems } = useListContext();
  const moreThan = (meta as BoundedListMeta | undefined)?.moreThan;
  const [allMatching, setAllMatching] = useState(false);
  const [asking, setAsking] = useState<BulkJobKind | null>(null);
  const [job, setJob] = useState<BulkJob | null>(null);
  const wholePage = data.length > 0 && selectedIds.length >= data.length;
  // Unticking a row (or the page changing) narrows the choice back to the rows picked.
  useEffect(() => {
    if (!wholePage) setAllMatching(false);
  }, [wholePage]);
  const exact = useQuery({
    queryKey: ['devices', 'countMatching', filterValues],
    queryFn: () => dataProvider.countMatchingDevices(filterValues as Record<string, unknown>),
    enabled: allMatching && moreThan !== undefined,
  });
  const matching: number | undefined = moreThan === undefined ? total : exact.data;
  const count = allMatching ? matching : selectedIds.length;
  const target: BulkJobTarget = allMatching ? { filter: filterValues as Record<string, unknown> } : { ids: selectedIds.map(String) };
  const finish = useCallback(() => {
    setJob(null);
    setAllMatching(false);
    onUnselectItems();
    refresh();
  }, [onUnselectItems, refresh]);
  const beyondPage = moreThan !== undefined || (total ?? 0) > selectedIds.length;
  return (
    <>
      {wholePage && beyondPage && !allMatching && (
        <Button onClick={() => setAllMatching(true)}>
          {moreThan === undefined
            ? translate('app.devices.bulk.select_all', { smart_count: total })
            : translate('app.devices.bulk.select_all_more', { count: format.number(moreThan) })}
        </Button>
      )}
      {allMatching && (
        <Typography variant="body2" role="status" sx={{ alignSelf: 'center', mx: 1 }}>
          {matching !== undefined
            ? translate('app.devices.bulk.all_selected', { smart_count: matching })
            : translate(exact.isError ? 'app.devices.bulk.count_failed' : 'app.devices.bulk.counting')}
        </Typography>
      )}
      {ACTIONS.map(({ kind, icon, label }) => (
        <Permitted key={kind} action="POST /bulk-job/">
          <Button startIcon={icon} color={kind === 'delete' ? 'error' : 'primary'} disabled={count === undefined} onClick={() => setAsking(kind)}>
            {translate(label)}
          </Button>
        </Permitted>
      ))}
      {asking && count !== undefined && (
        <Suspense
          fallback={
            <Dialog open onClose={() => setAsking(null)}>
              <LinearProgress sx={{ width: 240, m: 3 }} />
            </Dialog>
          }
        >
          <BulkJobDialog
            kind={asking}
            count={count}
            target={target}
            onClose={() => setAsking(null)}
            onStarted={(started) => {
              setAsking(null);
              setJob(started);
            }}
          />
        </Suspense>
      )}
      {job && <BulkJobProgress job={job} onFinished={finish} />}
    </>
  );
}
