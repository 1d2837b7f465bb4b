import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider, WidgetData } from '../../providers/dataProvider';

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
  const [load, setLoad] = useState<WidgetLoad>({ status: 'loading' });
  useEffect(() => {
    let active = true;
    setLoad({ status: 'loading' });
    const fetchData = () => {
      const to = new Date();
      const range = rangeHours ? { from: new Date(to.getTime() - rangeHours * HOUR_MS).toISOString(), to: to.toISOString() } : undefined;
      return dataProvider.widgetData(widgetId, range).then(
        (data) => active && setLoad({ status: 'done', data }),
        () => active && setLoad({ status: 'error' }),
      );
    };
    void fetchData();
    const timer = setInterval(() => void fetchData(), WIDGET_REFRESH_MS);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, [dataProvider, widgetId, version, rangeHours]);
  return load;
}
