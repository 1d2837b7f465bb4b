import { useApiQuery } from '../../common/useApiQuery';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { WidgetData } from '../../types/api';

export type WidgetLoad = { status: 'loading' } | { status: 'error' } | { status: 'done'; data: WidgetData };

/** How often a widget refreshes its data while the dashboard is open. */
export const WIDGET_REFRESH_MS = 30_000;
const HOUR_MS = 60 * 60 * 1000;

/**
 * A widget's data, reloaded when its configuration (`version`) or range changes and every 30 s.
 * A series covers the last `rangeHours` up to the moment of each load.
 */
export function useWidgetData(widgetId: string, version: string, rangeHours?: number): WidgetLoad {
  const dataProvider = useDataProvider<AppDataProvider>();
  const query = useApiQuery({
    queryKey: ['widgetData', widgetId, version, rangeHours],
    queryFn: () => {
      const to = new Date();
      const range = rangeHours ? { from: new Date(to.getTime() - rangeHours * HOUR_MS).toISOString(), to: to.toISOString() } : undefined;
      return dataProvider.widgetData(widgetId, range);
    },
    refetchInterval: WIDGET_REFRESH_MS,
    // A failed load shows at once; the next refresh tries again.
  });
  if (query.isError) return { status: 'error' };
  return query.data ? { status: 'done', data: query.data } : { status: 'loading' };
}
