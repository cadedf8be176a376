// The funding texts; its styles come with the funding screens that show it.
import './texts';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import type { FundingHours } from '../../../domain/protocol/funding';
import { prefs } from '../../state/prefs';

/** "Mon–Fri" for consecutive ISO weekdays, else the days listed: the hours read as people say them. */
function dayRange(days: readonly number[], name: (day: number) => string): string {
  const sorted = [...days].sort((a, b) => a - b);
  if (sorted.length === 0) return '';
  const first = sorted[0] ?? 1;
  const last = sorted[sorted.length - 1] ?? 7;
  const consecutive = sorted.length > 2 && last - first === sorted.length - 1;
  return consecutive ? `${name(first)}–${name(last)}` : sorted.map(name).join(', ');
}

/**
 * When requests are accepted (Europe/Istanbul), and whether that is now: shown before any form
 * (DECISIONS §2), with the next opening when closed.
 */
export function HoursNote({
  hours,
  label,
  testId = 'funding-hours',
}: {
  hours: FundingHours;
  /** Whose hours these are, where not every method keeps them (the deposit hub: the bank's). */
  label?: string;
  testId?: string;
}) {
  const { t } = useTranslation('funding');
  const { lang } = useSnapshot(prefs);
  const schedule = hours.alwaysOpen
    ? t('hours.always')
    : t('hours.schedule', {
        days: dayRange(hours.days, (day) => t(`hours.day_${day}` as 'hours.day_1')),
        from: hours.from,
        to: hours.to,
      });
  let state: string;
  if (hours.open) state = t('hours.open_now');
  else if (hours.nextOpen !== null)
    state = t('hours.next_open', { time: formatDateTime(hours.nextOpen, lang) });
  else state = t('hours.closed');
  return (
    <p className={`hours-note hours-note--${hours.open ? 'open' : 'closed'}`} data-testid={testId}>
      {label && <span className="hours-note__label">{label}</span>}
      <span className="hours-note__state">{state}</span>
      <span className="hours-note__schedule">{schedule}</span>
    </p>
  );
}
