import { useState } from 'react';
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { Confirm, useDataProvider, useTranslate } from 'react-admin';
import { useApiQuery } from '../../common/useApiQuery';
import type { AppDataProvider, ReconcileItem } from '../../providers/dataProvider';
import type { Company, Drift } from '../../types/api';
import { DriftTable, type DriftSelection } from './DriftTable';
import { driftId, failureText } from './driftText';
import { FixResult } from './FixResult';

/** What the confirmation says will happen to the chosen differences. */
function FixConsequences({ chosen, company }: { chosen: Drift[]; company: string }) {
  const translate = useTranslate();
  const adopt = chosen.filter((item) => item.problem === 'missing_here').length;
  const push = chosen.length - adopt;
  return (
    <Stack spacing={1}>
      {push > 0 && <Typography>{translate('app.network.reconcile.confirm_push', { smart_count: push })}</Typography>}
      {adopt > 0 && <Typography>{translate('app.network.reconcile.confirm_adopt', { smart_count: adopt, company })}</Typography>}
      <Typography>{translate('app.network.reconcile.confirm_background')}</Typography>
    </Stack>
  );
}

/** One company's differences with the network server, and fixing the chosen ones (issue #13). */
export function CompanyReconcile({ company }: { company: Company }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const load = useApiQuery({ queryKey: ['reconcileDrift', company.id], queryFn: () => dataProvider.reconcileDrift(company.id) });
  // Everything is selected by default, so the screen keeps what the user deselected (until a fix).
  const [deselected, setDeselected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const fix = useMutation({
    mutationFn: (items: ReconcileItem[]) => dataProvider.reconcileFix(company.id, items),
    onSuccess: () => {
      setDeselected(new Set());
      void load.refetch();
    },
    onSettled: () => setConfirming(false),
  });

  const drift = load.data ?? [];
  const chosen = drift.filter((item) => !deselected.has(driftId(item)));
  const selection: DriftSelection = {
    isSelected: (item) => !deselected.has(driftId(item)),
    toggle: (item) =>
      setDeselected((before) => {
        const next = new Set(before);
        if (!next.delete(driftId(item))) next.add(driftId(item));
        return next;
      }),
    count: chosen.length,
    toggleAll: () => setDeselected(chosen.length === drift.length ? new Set(drift.map(driftId)) : new Set()),
  };
  const checkAgain = (
    <Button color="inherit" size="small" disabled={load.isFetching} onClick={() => void load.refetch()}>
      {translate('app.network.reconcile.check_again')}
    </Button>
  );

  return (
    <Box sx={{ maxWidth: 1000 }}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.network.reconcile.intro', { company: company.name })}
      </Typography>
      {fix.isSuccess && <FixResult result={fix.data} chosen={fix.variables.length} />}
      {fix.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failureText(translate, fix.error)}
        </Alert>
      )}
      {load.isFetching && <LinearProgress aria-label={translate('app.network.reconcile.loading')} sx={{ mb: 2 }} />}
      {load.isError ? (
        <Alert severity="error" action={checkAgain}>
          {failureText(translate, load.error)}
        </Alert>
      ) : load.isPending ? null : drift.length === 0 ? (
        <Alert severity="success" action={checkAgain}>
          {translate('app.network.reconcile.agrees')}
        </Alert>
      ) : (
        <>
          <DriftTable drift={drift} selection={selection} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
            <Button variant="contained" disabled={chosen.length === 0 || fix.isPending} onClick={() => setConfirming(true)}>
              {translate('app.network.reconcile.fix', { smart_count: chosen.length })}
            </Button>
            <Button disabled={load.isFetching} onClick={() => void load.refetch()}>
              {translate('app.network.reconcile.check_again')}
            </Button>
          </Stack>
        </>
      )}
      <Confirm
        isOpen={confirming}
        loading={fix.isPending}
        title="app.network.reconcile.confirm_title"
        titleTranslateOptions={{ smart_count: chosen.length }}
        content={<FixConsequences chosen={chosen} company={company.name} />}
        confirm="app.network.reconcile.confirm"
        onConfirm={() => fix.mutate(chosen.map(({ kind, key }) => ({ kind, key })))}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
