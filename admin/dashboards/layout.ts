import type { Layout, LayoutItem } from 'react-grid-layout';
import type { Widget as WidgetRecord } from '../types/api';

/** A widget as the API answers it (its type comes from the server's schema, never written twice). */
export type Widget = Omit<WidgetRecord, 'created_at'>;

/** The grid of spec §2 Dashboard: 12 columns (as the API bounds positionX), rows of 80 px. */
export const GRID = { cols: 12, rowHeight: 80, margin: [12, 12] as const };
export type WidgetType = Widget['type'];
/** The types in the order the editor offers them. */
export const WIDGET_TYPES = ['SINGLE_VALUE', 'SERIES', 'TABLE'] as const satisfies readonly WidgetType[];

/** A new widget's size by type: a number is small, a chart and a table need room. */
export const DEFAULT_SIZE: Record<WidgetType, { w: number; h: number }> = {
  SINGLE_VALUE: { w: 3, h: 2 },
  SERIES: { w: 6, h: 3 },
  TABLE: { w: 6, h: 3 },
};

export type Placement = Pick<Widget, 'positionX' | 'positionY' | 'width' | 'height'>;

export const toLayout = (widgets: readonly Widget[]): LayoutItem[] =>
  widgets.map((widget) => ({ i: widget.id, x: widget.positionX, y: widget.positionY, w: widget.width, h: widget.height, minW: 2, minH: 2 }));

/** The widgets whose place or size the grid changed, with their new placement (what to PATCH). */
export function changedPlacements(widgets: readonly Widget[], layout: Layout): { id: string; placement: Placement }[] {
  const byId = new Map(widgets.map((widget) => [widget.id, widget]));
  const changes: { id: string; placement: Placement }[] = [];
  for (const item of layout) {
    const widget = byId.get(item.i);
    if (!widget) continue;
    const placement = { positionX: item.x, positionY: item.y, width: item.w, height: item.h };
    if (
      placement.positionX !== widget.positionX ||
      placement.positionY !== widget.positionY ||
      placement.width !== widget.width ||
      placement.height !== widget.height
    ) {
      changes.push({ id: widget.id, placement });
    }
  }
  return changes;
}

/** The grid cell under a point of the grid (pixels from its top-left corner). */
export function cellAt(x: number, y: number, gridWidth: number): { positionX: number; positionY: number } {
  const [marginX, marginY] = GRID.margin;
  const columnWidth = (gridWidth - marginX * (GRID.cols + 1)) / GRID.cols;
  const positionX = Math.min(GRID.cols - 1, Math.max(0, Math.floor((x - marginX / 2) / (columnWidth + marginX))));
  const positionY = Math.max(0, Math.floor((y - marginY / 2) / (GRID.rowHeight + marginY)));
  return { positionX, positionY };
}

/** Whether a cell is covered by a widget (a click there is on the widget, not a free cell). */
export function isOccupied(widgets: readonly Widget[], cell: { positionX: number; positionY: number }): boolean {
  return widgets.some(
    (widget) =>
      cell.positionX >= widget.positionX &&
      cell.positionX < widget.positionX + widget.width &&
      cell.positionY >= widget.positionY &&
      cell.positionY < widget.positionY + widget.height,
  );
}

/** A new widget placed at a cell, narrowed so it stays inside the 12 columns. */
export function placementAt(type: WidgetType, cell: { positionX: number; positionY: number }): Placement {
  const size = DEFAULT_SIZE[type];
  return { positionX: cell.positionX, positionY: cell.positionY, width: Math.min(size.w, GRID.cols - cell.positionX), height: size.h };
}
