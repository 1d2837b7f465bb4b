import type { RuleSchedule } from '../../schemas/rules.js';

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Whether the runtime knows the IANA time zone (the schema only checks its shape). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function formatter(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(zone, format);
  }
  return format;
}

/** The weekday and minute of the day at `at` on the wall clock of `zone` (so DST moves them, as it moves the clock). */
export function localTime(at: Date, zone: string): { weekday: number; minute: number } {
  const parts = formatter(zone).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { weekday: WEEKDAYS[part('weekday')] ?? 0, minute: Number(part('hour')) * 60 + Number(part('minute')) };
}

const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether `at` lies in the schedule. A window that passes midnight (22:00–06:00) belongs to the
 * weekday it starts on: Friday 22:00–06:00 includes Saturday 03:00. `from` equal to `to` is the whole day.
 */
export function inSchedule(schedule: RuleSchedule | null, at: Date): boolean {
  if (!schedule) return true;
  const { weekday, minute } = localTime(at, schedule.time_zone);
  const from = minutesOf(schedule.from);
  const to = minutesOf(schedule.to);
  const days = schedule.weekdays;
  if (from === to) return days.includes(weekday);
  if (from < to) return days.includes(weekday) && minute >= from && minute < to;
  if (minute >= from) return days.includes(weekday);
  return minute < to && days.includes((weekday + 6) % 7);
}
