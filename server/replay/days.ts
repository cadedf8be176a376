import { istanbulDay } from '../market/calendar';
import { dayString } from '../trading/spot/session';

/** The Istanbul calendar day (yyyy-mm-dd) an instant falls on: a recorded session's name. */
export function istanbulDayText(ts: number): string {
  return dayString(istanbulDay(ts));
}
