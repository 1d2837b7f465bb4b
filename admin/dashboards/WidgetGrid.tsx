import { useState, type MouseEvent } from 'react';
import { Box, Stack } from '@mui/material';
import { GridLayout, useContainerWidth, type Layout, type LayoutItem } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { useTranslate } from 'react-admin';
import { cellAt, DEFAULT_SIZE, GRID, isOccupied, placementAt, toLayout, type Placement, type Widget, type WidgetType } from './layout';
import { Palette } from './Palette';
import { NO_DRAG, WidgetCard } from './WidgetCard';
import { usePhone } from '../common/PhoneOrGrid';

export interface WidgetGridProps {
  widgets: Widget[];
  /** A free cell was clicked or a palette entry dropped: place a new widget there. */
  onPlace: (type: WidgetType, placement: Placement) => void;
  /** Widgets were moved or resized: the grid's new layout. */
  onLayout: (layout: Layout) => void;
  onEdit: (widget: Widget) => void;
  onDelete: (widget: Widget) => void;
  /** Why the caller may not change these widgets (their role); null or absent: they may. */
  locked?: string | null;
}

/**
 * On a phone the widgets stack in one column, in reading order (top to bottom, left to right of
 * the desktop grid), each at its own height; their places on the grid stay as they are, since
 * nothing is moved here.
 */
function StackedWidgets({ widgets, onEdit, onDelete, locked }: Pick<WidgetGridProps, 'widgets' | 'onEdit' | 'onDelete' | 'locked'>) {
  const ordered = [...widgets].sort((a, b) => a.positionY - b.positionY || a.positionX - b.positionX);
  return (
    <Stack spacing={1.5} data-testid="widget-stack">
      {ordered.map((widget) => (
        <Box key={widget.id} sx={{ height: widget.height * GRID.rowHeight + (widget.height - 1) * GRID.margin[1] }}>
          <WidgetCard widget={widget} onEdit={() => onEdit(widget)} onDelete={() => onDelete(widget)} locked={locked ?? null} />
        </Box>
      ))}
    </Stack>
  );
}

/** Widgets on a 12-column grid: drag to move, resize from the corner, click a free cell or drop from the palette to add. */
export function WidgetGrid(props: WidgetGridProps) {
  return usePhone() ? <StackedWidgets {...props} /> : <DesktopGrid {...props} />;
}

function DesktopGrid({ widgets, onPlace, onLayout, onEdit, onDelete, locked }: WidgetGridProps) {
  const translate = useTranslate();
  const { width, containerRef, mounted } = useContainerWidth();
  const [dragging, setDragging] = useState<WidgetType | null>(null);
  const rows = Math.max(4, ...widgets.map((widget) => widget.positionY + widget.height)) + 2;

  // A click on the grid's own surface (not on a widget) at a free cell adds a widget there.
  const clickCell = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (!target.classList.contains('react-grid-layout')) return;
    const bounds = target.getBoundingClientRect();
    const cell = cellAt(event.clientX - bounds.left, event.clientY - bounds.top, bounds.width);
    if (!locked && !isOccupied(widgets, cell)) onPlace('SINGLE_VALUE', placementAt('SINGLE_VALUE', cell));
  };

  return (
    <>
      {/* A dashboard the caller may not change offers nothing to add, move or resize, and says why. */}
      {!locked && <Palette onDragType={setDragging} />}
      <Box ref={containerRef} onClick={clickCell} data-testid="widget-grid" title={locked ?? translate('app.dashboards.click_to_add')}>
        {mounted && (
          <GridLayout
            width={width}
            layout={toLayout(widgets)}
            gridConfig={{ cols: GRID.cols, rowHeight: GRID.rowHeight, margin: GRID.margin }}
            dragConfig={{ enabled: !locked, cancel: `.${NO_DRAG}` }}
            resizeConfig={{ enabled: !locked }}
            dropConfig={{ enabled: !locked, defaultItem: dragging ? DEFAULT_SIZE[dragging] : DEFAULT_SIZE.SINGLE_VALUE }}
            onDragStop={(layout: Layout) => onLayout(layout)}
            onResizeStop={(layout: Layout) => onLayout(layout)}
            onDrop={(_layout: Layout, item: LayoutItem | undefined) => {
              if (item && dragging) onPlace(dragging, { positionX: item.x, positionY: item.y, width: item.w, height: item.h });
              setDragging(null);
            }}
            style={{
              minHeight: rows * (GRID.rowHeight + GRID.margin[1]),
              cursor: locked ? 'default' : 'copy',
              backgroundImage:
                'linear-gradient(to right, rgba(0,0,0,0.05) 1px, transparent 1px), linear-gradient(to bottom, rgba(0,0,0,0.05) 1px, transparent 1px)',
              backgroundSize: `${width / GRID.cols}px ${GRID.rowHeight + GRID.margin[1]}px`,
            }}
          >
            {widgets.map((widget) => (
              <div key={widget.id} style={{ cursor: 'default' }}>
                <WidgetCard widget={widget} onEdit={() => onEdit(widget)} onDelete={() => onDelete(widget)} locked={locked ?? null} />
              </div>
            ))}
          </GridLayout>
        )}
      </Box>
    </>
  );
}
