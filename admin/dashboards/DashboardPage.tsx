import { Suspense, useEffect, useState } from 'react';
import { Alert, Box, Button, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Confirm, Title, useCreate, useDelete, useGetList, useTranslate, useUpdate } from 'react-admin';
import type { Layout } from 'react-grid-layout';
import { useCompanyState } from '../stores/hooks';
import { DashboardDialog, type DashboardFields } from './DashboardDialog';
import { DashboardsEmpty } from './DashboardsEmpty';
import { changedPlacements, type Placement, type Widget, type WidgetType } from './layout';
import type { EditorTarget, WidgetEditorProps } from './WidgetEditor';
import type { WidgetGridProps } from './WidgetGrid';
import { useNotifyFailure } from '../common/useNotifyFailure';
import type { Dashboard } from '../types/api';
import { Permitted } from '../common/Permitted';
import { useCompanyPermission } from '../common/useCompanyPermission';
import { lazyScreen } from '../common/lazy';

// Loaded when shown (issue #20): the grid (react-grid-layout) once a dashboard exists, the widget
// editor (react-admin's form, the device combobox) when opened; a company without dashboards sees neither.
const WidgetGrid = lazyScreen<WidgetGridProps>(() => import('./WidgetGrid'), 'WidgetGrid');
const WidgetEditor = lazyScreen<WidgetEditorProps>(() => import('./WidgetEditor'), 'WidgetEditor');

type Dialog = { kind: 'new' } | { kind: 'edit'; dashboard: Dashboard } | null;
type Deleting = { kind: 'dashboard'; dashboard: Dashboard } | { kind: 'widget'; widget: Widget } | null;

const STORAGE_KEY = 'dashboard';

/** Dashboards of the selected company, each a grid of widgets (spec §2 Dashboard). */
export function DashboardPage() {
  const translate = useTranslate();
  const { selectedCompanyId } = useCompanyState();
  const dashboards = useGetList<Dashboard>(
    'dashboards',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: Boolean(selectedCompanyId) },
  );
  const [selected, setSelected] = useState<string | null>(() => localStorage.getItem(STORAGE_KEY));
  const current = dashboards.data?.find((dashboard) => dashboard.id === selected) ?? dashboards.data?.[0] ?? null;
  // Viewers change only their own private dashboards; the server's table says who else may.
  const ownPrivateDashboard = current !== null && current.is_owner && !current.is_shared;
  const widgetWrite = useCompanyPermission('PATCH /widget/:id/', { ownPrivateDashboard });
  const widgets = useGetList<Widget>(
    'widgets',
    { filter: { dashboard_id: current?.id }, pagination: { page: 1, perPage: 200 } },
    { enabled: Boolean(current) },
  );
  const [dialog, setDialog] = useState<Dialog>(null);
  const [editor, setEditor] = useState<EditorTarget | null>(null);
  const [deleting, setDeleting] = useState<Deleting>(null);
  const [create] = useCreate<Dashboard>();
  const [update] = useUpdate();
  const [remove] = useDelete();

  useEffect(() => {
    if (current) localStorage.setItem(STORAGE_KEY, current.id);
  }, [current]);

  const failed = useNotifyFailure();

  // Failures are shown by onError; the dialog stays open so nothing typed is lost.
  const saveDashboard = async (fields: DashboardFields) => {
    try {
      if (dialog?.kind === 'edit') {
        await update(
          'dashboards',
          { id: dialog.dashboard.id, data: fields, previousData: dialog.dashboard },
          { mutationMode: 'pessimistic', returnPromise: true, onError: failed },
        );
      } else {
        const created = await create('dashboards', { data: fields }, { returnPromise: true, onError: failed });
        if (created) setSelected(String(created.id));
      }
      setDialog(null);
    } catch {
      // Shown by onError.
    }
  };

  const saveLayout = (layout: Layout) => {
    for (const { id, placement } of changedPlacements(widgets.data ?? [], layout)) {
      const previous = widgets.data?.find((widget) => widget.id === id);
      void update('widgets', { id, data: placement, previousData: previous }, { mutationMode: 'optimistic', onError: failed });
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      if (deleting.kind === 'dashboard') {
        await remove(
          'dashboards',
          { id: deleting.dashboard.id, previousData: deleting.dashboard },
          { mutationMode: 'pessimistic', returnPromise: true, onError: failed },
        );
        setSelected(null);
      } else {
        await remove(
          'widgets',
          { id: deleting.widget.id, previousData: deleting.widget },
          { mutationMode: 'pessimistic', returnPromise: true, onError: failed },
        );
      }
    } catch {
      // Shown by onError.
    }
    setDeleting(null);
  };

  const place = (type: WidgetType, placement: Placement) => current && setEditor({ kind: 'new', dashboard: current.id, type, placement });

  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('app.nav.dashboard')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }} sx={{ mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {translate('app.nav.dashboard')}
        </Typography>
        {dashboards.data && dashboards.data.length > 0 && current && (
          <TextField
            select
            size="small"
            label={translate('app.dashboards.choose')}
            value={current.id}
            onChange={(event) => setSelected(event.target.value)}
            sx={{ minWidth: 220 }}
          >
            {dashboards.data.map((dashboard) => (
              <MenuItem key={dashboard.id} value={dashboard.id}>
                {dashboard.name} · {translate(dashboard.is_shared ? 'app.dashboards.shared' : 'app.dashboards.private')}
              </MenuItem>
            ))}
          </TextField>
        )}
        {current?.is_owner && (
          <>
            <Permitted action="PATCH /dashboard/:id/" ownPrivateDashboard={ownPrivateDashboard}>
              <Button onClick={() => setDialog({ kind: 'edit', dashboard: current })}>{translate('app.dashboards.rename')}</Button>
            </Permitted>
            <Permitted action="DELETE /dashboard/:id/" ownPrivateDashboard={ownPrivateDashboard}>
              <Button color="error" onClick={() => setDeleting({ kind: 'dashboard', dashboard: current })}>
                {translate('app.dashboards.delete')}
              </Button>
            </Permitted>
          </>
        )}
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'new' })} disabled={!selectedCompanyId}>
          {translate('app.dashboards.new')}
        </Button>
      </Stack>

      {!selectedCompanyId && <Typography color="text.secondary">{translate('app.users.no_company')}</Typography>}
      {dashboards.isPending && selectedCompanyId && <LinearProgress />}
      {dashboards.error && <Alert severity="error">{translate('app.dashboards.load_error')}</Alert>}
      {dashboards.data?.length === 0 && <DashboardsEmpty onCreated={setSelected} />}
      {current && widgets.error && <Alert severity="error">{translate('app.dashboards.load_error')}</Alert>}
      {current && widgets.isPending && <LinearProgress />}
      {current && widgets.data && (
        <Suspense fallback={<LinearProgress />}>
          <WidgetGrid
            widgets={widgets.data}
            onPlace={place}
            onLayout={saveLayout}
            onEdit={(widget) => setEditor({ kind: 'edit', widget })}
            onDelete={(widget) => setDeleting({ kind: 'widget', widget })}
            locked={widgetWrite.reason}
          />
        </Suspense>
      )}

      {dialog && (
        <DashboardDialog
          title={translate(dialog.kind === 'new' ? 'app.dashboards.new' : 'app.dashboards.rename')}
          initial={dialog.kind === 'edit' ? dialog.dashboard : { name: '', is_shared: false }}
          onSave={saveDashboard}
          onClose={() => setDialog(null)}
        />
      )}
      <Suspense fallback={null}>{editor && <WidgetEditor target={editor} onClose={() => setEditor(null)} onSaved={() => setEditor(null)} />}</Suspense>
      <Confirm
        isOpen={deleting !== null}
        title={translate(deleting?.kind === 'dashboard' ? 'app.dashboards.delete_title' : 'app.dashboards.delete_widget_title', {
          name: deleting?.kind === 'dashboard' ? deleting.dashboard.name : (deleting?.widget.title ?? ''),
        })}
        content={translate('app.common.delete_content')}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
