import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useFormatters } from '../../common/format';

/** The line chart of a SERIES widget; its own chunk, loaded only when a series is shown. */
export function SeriesChart({ points }: { points: { ts: number; value: number }[] }) {
  const format = useFormatters();
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="ts" type="number" domain={['dataMin', 'dataMax']} scale="time" tickFormatter={(ts: number) => format.time(ts)} />
        <YAxis width={48} />
        <Tooltip labelFormatter={(ts) => format.dateTime(Number(ts))} />
        <Line type="monotone" dataKey="value" dot={false} isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}
