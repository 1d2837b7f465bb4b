import { describe, expect, it } from 'vitest';
import { cellAt, changedPlacements, GRID, isOccupied, placementAt, toLayout, type Widget } from '../../../admin/dashboards/layout';

const widget = (id: string, positionX: number, positionY: number, width: number, height: number): Widget => ({
  id,
  dashboard: 'd1',
  type: 'SINGLE_VALUE',
  title: '',
  data_source_mode: 'device',
  query: null,
  device: 'dev',
  unit: null,
  topic: 't',
  width,
  height,
  positionX,
  positionY,
});

describe('dashboard grid layout', () => {
  const widgets = [widget('a', 0, 0, 3, 2), widget('b', 4, 0, 6, 3)];

  it('maps widgets to grid items and back to the placements that changed', () => {
    const layout = toLayout(widgets);
    expect(layout[1]).toMatchObject({ i: 'b', x: 4, y: 0, w: 6, h: 3 });
    expect(changedPlacements(widgets, layout)).toEqual([]);
    const moved = layout.map((item) => (item.i === 'a' ? { ...item, y: 5, w: 4 } : item));
    expect(changedPlacements(widgets, moved)).toEqual([{ id: 'a', placement: { positionX: 0, positionY: 5, width: 4, height: 2 } }]);
  });

  it('finds the cell under a click', () => {
    const width = 1212; // 12 columns of 89 px and 13 margins of 12 px
    expect(cellAt(10, 10, width)).toEqual({ positionX: 0, positionY: 0 });
    expect(cellAt(12 + 4 * 101 + 5, 2 * (GRID.rowHeight + 12) + 20, width)).toEqual({ positionX: 4, positionY: 2 });
    expect(cellAt(width - 1, 0, width).positionX).toBe(11);
  });

  it('knows which cells are taken', () => {
    expect(isOccupied(widgets, { positionX: 2, positionY: 1 })).toBe(true);
    expect(isOccupied(widgets, { positionX: 3, positionY: 0 })).toBe(false);
    expect(isOccupied(widgets, { positionX: 9, positionY: 2 })).toBe(true);
  });

  it('sizes a new widget by type and keeps it inside the 12 columns', () => {
    expect(placementAt('SERIES', { positionX: 2, positionY: 1 })).toEqual({ positionX: 2, positionY: 1, width: 6, height: 3 });
    expect(placementAt('TABLE', { positionX: 9, positionY: 0 })).toEqual({ positionX: 9, positionY: 0, width: 3, height: 3 });
  });
});
