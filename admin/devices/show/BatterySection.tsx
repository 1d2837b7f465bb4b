import { Typography, useTheme } from '@mui/material';
import { useTranslate, type TranslateFunction } from 'react-admin';
import { ChartFigure } from '../../common/charts/ChartFigure';
import { useFormatters } from '../../common/format';
import { Section } from '../../common/Section';
import { useRecordLiveQuery } from '../../common/useLiveQuery';
import type { BatteryReading } from '../../types/api';

function powerText(reading: BatteryReading, translate: TranslateFunction): string {
  if (reading.source === 'external') return translate('app.power.external');
  if (reading.source === 'battery' && reading.battery_level !== null) return translate('app.power.battery', { level: reading.battery_level });
  return translate('app.power.unknown');
}

/**
 * The battery level the device's status reports gave over time. Reports on external power or
 * without a level leave a gap in the line; the latest report is also written out.
 */
export function BatterySection() {
  const translate = useTranslate();
  const format = useFormatters();
  const theme = useTheme();
  const history = useRecordLiveQuery('batteryHistory', (dataProvider, id) => dataProvider.batteryHistory(id));
  const readings = history.data ?? [];
  const latest = readings[readings.length - 1];
  const rows = readings.map((reading) => ({ ts: Date.parse(reading.at), level: reading.source === 'battery' ? reading.battery_level : null }));
  return (
    <Section
      title={translate('app.operations.battery.title')}
      load={{ isPending: history.isPending, isError: history.isError }}
      isEmpty={readings.length === 0}
      emptyText={translate('app.operations.battery.empty')}
      errorText={translate('app.operations.battery.error')}
    >
      {latest && (
        <Typography variant="body2" gutterBottom>
          {translate('app.operations.battery.latest', { status: powerText(latest, translate), time: format.dateTime(latest.at) })}
        </Typography>
      )}
      <ChartFigure
        label={translate('app.operations.battery.chart')}
        height={180}
        rows={rows}
        yDomain={[0, 100]}
        lines={[{ key: 'level', name: translate('app.operations.battery.level'), color: theme.palette.success.main }]}
      />
    </Section>
  );
}
