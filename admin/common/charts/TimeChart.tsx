import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useFormatters } from '../format';

/** One line of a chart: the row field it plots, its legend name, colour, and the axis it reads against. */
export interface ChartLine {
  key: string;
  name: string;
  color: string;
  axis?: 'left' | 'right';
}

/** A row of a time chart: `ts` in milliseconds and one number (or nothing) per line. */
export type ChartRow = { ts: number } & Record<string, number | null>;

export interface TimeChartProps {
  rows: ChartRow[];
  lines: ChartLine[];
  /** Hides axes, grid and legend: a topic's small chart beside its value. */
  compact?: boolean;
  yDomain?: [number, number];
}

/** The line chart of the device and gateway pages; its own chunk, loaded only when a chart is shown. */
export function TimeChart({ rows, lines, compact = false, yDomain }: TimeChartProps) {
  const format = useFormatters();
  const rightAxis = lines.some((line) => line.axis === 'right');
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={rows} margin={{ top: 4, right: compact ? 2 : 8, bottom: 0, left: 0 }}>
        {!compact && <CartesianGrid strokeDasharray="3 3" />}
        <XAxis dataKey="ts" type="number" domain={['dataMin', 'dataMax']} scale="time" tickFormatter={(ts: number) => format.time(ts)} hide={compact} />
        <YAxis yAxisId="left" width={44} hide={compact} domain={yDomain ?? ['auto', 'auto']} />
        {rightAxis && <YAxis yAxisId="right" orientation="right" width={36} hide={compact} />}
        <Tooltip labelFormatter={(ts) => format.dateTime(Number(ts))} />
        {!compact && lines.length > 1 && <Legend />}
        {lines.map((line) => (
          <Line
            key={line.key}
            yAxisId={line.axis ?? 'left'}
            type="monotone"
            dataKey={line.key}
            name={line.name}
            stroke={line.color}
            dot={!compact && rows.length < 30}
            connectNulls
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
