import { describe, expect, it } from 'vitest';
import { starterWidgets, type StarterDevice } from '../../../admin/dashboards/starter';
import { GRID } from '../../../admin/dashboards/layout';

const at = '2026-11-27T10:00:00.000Z';
const topic = (name: string, last_value: unknown) => ({ topic: name, last_value, last_timestamp: at, decoded_by: null });
const device = (id: string, topics: StarterDevice['topics']): StarterDevice => ({ device: { id, name: `Sensor ${id}` }, topics });

describe('the starter dashboard', () => {
  it('shows the numbers of the device with the most numeric topics, the first over time, and every device in a table', () => {
    const widgets = starterWidgets(
      [
        device('a', [topic('door', 'open'), topic('battery', 3.1)]),
        device('b', [topic('temperature', 21.5), topic('humidity', 48), topic('status', 'ok'), topic('co2', 612), topic('voc', 80), topic('pressure', 1013)]),
      ],
      'All devices',
    );
    expect(widgets.map((widget) => [widget.type, widget.device, widget.topic])).toEqual([
      ['SINGLE_VALUE', 'b', 'temperature'],
      ['SINGLE_VALUE', 'b', 'humidity'],
      ['SINGLE_VALUE', 'b', 'co2'],
      ['SINGLE_VALUE', 'b', 'voc'],
      ['SERIES', 'b', 'temperature'],
      ['TABLE', null, null],
    ]);
    expect(widgets[0]).toMatchObject({ title: 'Sensor b · temperature', data_source_mode: 'device' });
    expect(widgets.at(-1)).toMatchObject({ title: 'All devices', data_source_mode: 'query', query: '' });
  });

  it('places every widget inside the grid without overlaps', () => {
    const widgets = starterWidgets([device('b', [topic('t1', 1), topic('t2', 2), topic('t3', 3), topic('t4', 4)])], 'All devices');
    const cells = new Set<string>();
    for (const widget of widgets) {
      expect(widget.positionX + widget.width).toBeLessThanOrEqual(GRID.cols);
      for (let x = widget.positionX; x < widget.positionX + widget.width; x++) {
        for (let y = widget.positionY; y < widget.positionY + widget.height; y++) {
          expect(cells.has(`${x},${y}`)).toBe(false);
          cells.add(`${x},${y}`);
        }
      }
    }
  });

  it('is the table alone while no device has sent a number', () => {
    expect(starterWidgets([device('a', [topic('door', 'open')])], 'All devices')).toEqual([
      {
        type: 'TABLE',
        title: 'All devices',
        data_source_mode: 'query',
        query: '',
        device: null,
        unit: null,
        topic: null,
        positionX: 0,
        positionY: 0,
        width: 12,
        height: 4,
      },
    ]);
    expect(starterWidgets([], 'All devices')).toHaveLength(1);
  });
});
