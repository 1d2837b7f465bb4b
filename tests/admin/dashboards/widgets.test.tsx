import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Widget } from '../../../admin/dashboards/layout';
import { SeriesWidget } from '../../../admin/dashboards/widgets/SeriesWidget';
import { SingleValueWidget } from '../../../admin/dashboards/widgets/SingleValueWidget';
import { TableWidget } from '../../../admin/dashboards/widgets/TableWidget';
import { renderInAdmin } from '../helpers';
import type { WidgetData } from '../../../admin/types/api';

const base: Widget = {
  id: 'w1',
  dashboard: 'd1',
  type: 'SINGLE_VALUE',
  title: 'Temperature',
  data_source_mode: 'device',
  query: null,
  device: 'dev1',
  unit: null,
  topic: 'temperature',
  width: 3,
  height: 2,
  positionX: 0,
  positionY: 0,
};

const kinds = {
  SINGLE_VALUE: {
    render: (widget: Widget) => <SingleValueWidget widget={widget} version="v" />,
    empty: { type: 'SINGLE_VALUE', value: null, timestamp: null } as WidgetData,
    full: { type: 'SINGLE_VALUE', value: 21.5, timestamp: '2026-11-22T10:00:00.000Z' } as WidgetData,
    shows: '21.5',
  },
  SERIES: {
    render: (widget: Widget) => <SeriesWidget widget={widget} version="v" />,
    empty: { type: 'SERIES', points: [] } as WidgetData,
    full: {
      type: 'SERIES',
      points: [
        { ts: '2026-11-22T10:00:00.000Z', value: 20 },
        { ts: '2026-11-22T11:00:00.000Z', value: 21 },
      ],
    } as WidgetData,
    shows: null,
  },
  TABLE: {
    render: (widget: Widget) => <TableWidget widget={widget} version="v" />,
    empty: { type: 'TABLE', rows: [] } as WidgetData,
    full: {
      type: 'TABLE',
      rows: [{ device_id: 'dev1', device_name: 'Boiler', topic: 'humidity', value: 40, timestamp: '2026-11-22T10:00:00.000Z' }],
    } as WidgetData,
    shows: 'Boiler',
  },
} as const;

describe.each(Object.entries(kinds))('%s widget', (type, kind) => {
  const widget = { ...base, type: type as Widget['type'] };
  const show = (widgetData: () => Promise<WidgetData>) => {
    const calls = vi.fn(widgetData);
    renderInAdmin(kind.render(widget), { dataProvider: { widgetData: calls } });
    return calls;
  };

  it('loading', () => {
    show(() => new Promise(() => undefined));
    expect(screen.getByLabelText('Loading data')).toBeInTheDocument();
  });

  it('empty', async () => {
    show(async () => kind.empty);
    expect(await screen.findByText('No data yet.')).toBeInTheDocument();
  });

  it('error', async () => {
    show(() => Promise.reject(new Error('down')));
    expect(await screen.findByRole('alert')).toHaveTextContent('The data could not be loaded.');
  });

  it('success', async () => {
    const calls = show(async () => kind.full);
    if (kind.shows) expect(await screen.findByText(kind.shows)).toBeInTheDocument();
    else expect(await screen.findByTestId('series-chart')).toBeInTheDocument();
    expect(screen.queryByText('No data yet.')).toBeNull();
    expect(calls).toHaveBeenCalledWith('w1', type === 'SERIES' ? { from: expect.any(String), to: expect.any(String) } : undefined);
  });
});

describe('series range', () => {
  it('asks for the last 24 hours by default', async () => {
    const widgetData = vi.fn(async () => kinds.SERIES.full);
    renderInAdmin(<SeriesWidget widget={{ ...base, type: 'SERIES' }} version="v" />, { dataProvider: { widgetData } });
    await screen.findByTestId('series-chart');
    const range = (widgetData.mock.calls[0] as unknown as [string, { from: string; to: string }])[1];
    expect(Date.parse(range.to) - Date.parse(range.from)).toBe(24 * 60 * 60 * 1000);
  });
});
