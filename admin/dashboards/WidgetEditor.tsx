import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Form, SaveButton, SelectInput, TextInput, useCreate, useTranslate, useUpdate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ReferenceCombobox } from '../common/ReferenceCombobox';
import { placementAt, WIDGET_TYPES, type Placement, type Widget, type WidgetType } from './layout';
import { TopicInput } from './TopicInput';
import { useNotifyFailure } from '../common/useNotifyFailure';

export type EditorTarget = { kind: 'new'; dashboard: string; type: WidgetType; placement: Placement } | { kind: 'edit'; widget: Widget };

type Fields = Pick<Widget, 'type' | 'title' | 'data_source_mode' | 'query' | 'device' | 'unit' | 'topic'>;

const requiredValue = (value: unknown) => (value ? undefined : 'ra.validation.required');

/** The data source of the chosen type: one device topic, or for a table a device, a unit or a search. */
function SourceInputs() {
  const translate = useTranslate();
  const [type, mode] = useWatch<Fields>({ name: ['type', 'data_source_mode'] }) as [WidgetType, Fields['data_source_mode']];
  if (type !== 'TABLE') {
    return (
      <>
        <ReferenceCombobox source="device" reference="devices" label="app.dashboards.device" validate={requiredValue} fullWidth />
        <TopicInput required />
      </>
    );
  }
  return (
    <>
      <SelectInput
        source="data_source_mode"
        label="app.dashboards.source"
        choices={[
          { id: 'device', name: translate('app.dashboards.sources.device') },
          { id: 'unit', name: translate('app.dashboards.sources.unit') },
          { id: 'query', name: translate('app.dashboards.sources.query') },
        ]}
        validate={requiredValue}
        fullWidth
      />
      {mode === 'device' && <ReferenceCombobox source="device" reference="devices" label="app.dashboards.device" validate={requiredValue} fullWidth />}
      {mode === 'unit' && <ReferenceCombobox source="unit" reference="units" label="app.dashboards.unit" validate={requiredValue} fullWidth />}
      {mode === 'query' && <TextInput source="query" label="app.dashboards.query" helperText="app.dashboards.query_help" fullWidth />}
    </>
  );
}

/** Only the fields of the chosen source are kept: a table of a unit carries no device. */
function toBody(fields: Fields): Fields {
  const mode = fields.type === 'TABLE' ? fields.data_source_mode : 'device';
  return {
    type: fields.type,
    title: fields.title?.trim() ?? '',
    data_source_mode: mode,
    device: mode === 'device' ? fields.device : null,
    unit: mode === 'unit' ? fields.unit : null,
    query: mode === 'query' ? fields.query?.trim() || null : null,
    topic: mode === 'device' || fields.type === 'TABLE' ? fields.topic || null : null,
  };
}

/** Create or edit a widget: type, title and data source (spec §3 Widget). */
export interface WidgetEditorProps {
  target: EditorTarget | null;
  onClose: () => void;
  onSaved: () => void;
}

export function WidgetEditor({ target, onClose, onSaved }: WidgetEditorProps) {
  const translate = useTranslate();
  const notifyFailure = useNotifyFailure();
  const [create] = useCreate();
  const [update] = useUpdate();
  if (!target) return null;
  const defaults: Fields =
    target.kind === 'edit' ? target.widget : { type: target.type, title: '', data_source_mode: 'device', query: null, device: null, unit: null, topic: null };

  const save = async (values: Record<string, unknown>) => {
    const body = toBody(values as unknown as Fields);
    const options = { returnPromise: true, onError: notifyFailure } as const;
    try {
      // A new widget takes the size of the type finally chosen, at the cell it was placed on.
      if (target.kind === 'new')
        await create('widgets', { data: { ...body, dashboard: target.dashboard, ...placementAt(body.type, target.placement) } }, options);
      else await update('widgets', { id: target.widget.id, data: body, previousData: target.widget }, { ...options, mutationMode: 'pessimistic' });
      onSaved();
    } catch {
      // Shown by onError; the editor stays open with what was entered.
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="widget-editor-title">
      <Form defaultValues={defaults} onSubmit={(values: Record<string, unknown>) => save(values)}>
        <DialogTitle id="widget-editor-title">{translate(target.kind === 'new' ? 'app.dashboards.new_widget' : 'app.dashboards.edit_widget')}</DialogTitle>
        <DialogContent>
          <SelectInput
            source="type"
            label="app.dashboards.type"
            choices={WIDGET_TYPES.map((type) => ({ id: type, name: translate(`app.dashboards.types.${type}`) }))}
            validate={requiredValue}
            fullWidth
          />
          <TextInput source="title" label="app.dashboards.title" fullWidth />
          <SourceInputs />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <SaveButton alwaysEnable />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
