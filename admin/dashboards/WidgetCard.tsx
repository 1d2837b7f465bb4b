import { Box, IconButton, Paper, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslate } from 'react-admin';
import type { Widget } from './layout';
import { SeriesWidget } from './widgets/SeriesWidget';
import { SingleValueWidget } from './widgets/SingleValueWidget';
import { TableWidget } from './widgets/TableWidget';
import { ExportWidgetButton } from './widgets/ExportWidgetButton';

/** Class of elements inside a widget that must not start a drag (buttons, toggles). */
export const NO_DRAG = 'widget-no-drag';

/** Changes whenever the widget's data source does, so its data reloads. */
const sourceVersion = (widget: Widget) => [widget.type, widget.data_source_mode, widget.device, widget.unit, widget.query, widget.topic].join('|');

/** `locked`: why the caller may not change this dashboard's widgets (their role), shown instead of the buttons' own titles. */
export function WidgetCard({ widget, onEdit, onDelete, locked = null }: { widget: Widget; onEdit: () => void; onDelete: () => void; locked?: string | null }) {
  const translate = useTranslate();
  const version = sourceVersion(widget);
  const title = widget.title || [translate(`app.dashboards.types.${widget.type}`), widget.topic].filter(Boolean).join(' · ');
  return (
    <Paper
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
      data-testid={`widget-${widget.type}`}
      aria-label={title}
      role="region"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 1.5, py: 0.5, borderBottom: 1, borderColor: 'divider', cursor: 'move' }}>
        <Typography variant="subtitle2" noWrap sx={{ flex: 1 }}>
          {title}
        </Typography>
        {widget.type === 'TABLE' && <ExportWidgetButton widgetId={widget.id} className={NO_DRAG} />}
        <Tooltip title={locked ?? translate('app.dashboards.edit_widget')}>
          <span>
            <IconButton size="small" className={NO_DRAG} onClick={onEdit} disabled={locked !== null} aria-label={translate('app.dashboards.edit_widget')}>
              <EditIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={locked ?? translate('app.dashboards.delete_widget')}>
          <span>
            <IconButton size="small" className={NO_DRAG} onClick={onDelete} disabled={locked !== null} aria-label={translate('app.dashboards.delete_widget')}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, overflow: 'auto', p: 1.5 }} className={NO_DRAG}>
        {widget.type === 'SINGLE_VALUE' && <SingleValueWidget widget={widget} version={version} />}
        {widget.type === 'SERIES' && <SeriesWidget widget={widget} version={version} />}
        {widget.type === 'TABLE' && <TableWidget widget={widget} version={version} />}
      </Box>
    </Paper>
  );
}
