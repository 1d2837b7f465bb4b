import { Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { WIDGET_TYPES, type WidgetType } from './layout';

/** The drag payload of a palette entry: which widget type is being placed. */
export const PALETTE_MIME = 'application/x-lora-widget-type';

/** Widget types to drag onto the grid (spec §2: placed by clicking or dragging). */
export function Palette({ onDragType }: { onDragType: (type: WidgetType | null) => void }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1, flexWrap: 'wrap' }} aria-label={translate('app.dashboards.palette')}>
      <Typography variant="body2" color="text.secondary">
        {translate('app.dashboards.palette_hint')}
      </Typography>
      {WIDGET_TYPES.map((type) => (
        <Chip
          key={type}
          label={translate(`app.dashboards.types.${type}`)}
          draggable
          // react-grid-layout's drop handling needs this for Firefox, and it names what is dropped.
          onDragStart={(event) => {
            event.dataTransfer.setData('text/plain', '');
            event.dataTransfer.setData(PALETTE_MIME, type);
            onDragType(type);
          }}
          onDragEnd={() => onDragType(null)}
          data-testid={`palette-${type}`}
          sx={{ cursor: 'grab' }}
        />
      ))}
    </Stack>
  );
}
