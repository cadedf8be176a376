import { useId } from 'react';
import type { Locale } from '../../../domain/format/locale';
import { TextField } from '../../components/form/text-field';
import { useTranslation } from '../../i18n/hook';
import './alerts-i18n';

const two = (n: number) => String(n).padStart(2, '0');
const HOURS = Array.from({ length: 24 }, (_, h) => two(h));
const MINUTES = Array.from({ length: 60 }, (_, m) => two(m));

type Props = {
  label: string;
  /** "HH:mm", 24-hour, as the broker stores it. */
  value: string;
  onValueChange: (value: string) => void;
  locale: Locale;
  testId: string;
  error?: string | undefined;
};

/**
 * A time of day the locale's way. Chromium's own time field follows the browser's language, not
 * the page's: a Turkish page in an English browser asked for "10:00 PM". tr-TR gets an hour
 * (00–23) and a minute of its own, 24-hour as Turkish users read time; en-US keeps the browser's
 * field, 12-hour as American readers expect. Either way the value is "HH:mm".
 */
export function TimeOfDayField({ label, value, onValueChange, locale, testId, error }: Props) {
  const { t } = useTranslation('alerts');
  const id = useId();
  if (locale === 'en-US')
    return (
      <TextField
        type="time"
        label={label}
        value={value}
        onValueChange={onValueChange}
        testId={testId}
        error={error}
      />
    );
  const [hour = '00', minute = '00'] = value.split(':');
  const errorId = `${id}-error`;
  const select = (part: 'hour' | 'minute', options: string[], current: string) => (
    <select
      className="field__input time-of-day__part num"
      aria-label={`${label}: ${t(part === 'hour' ? 'notifications.hour' : 'notifications.minute')}`}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      value={current}
      data-testid={`${testId}-${part}`}
      onChange={(event) =>
        onValueChange(part === 'hour' ? `${event.target.value}:${minute}` : `${hour}:${event.target.value}`)
      }
    >
      {options.map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </select>
  );
  return (
    <div className="field" data-invalid={error ? true : undefined}>
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      <div
        className="field__box time-of-day"
        role="group"
        aria-labelledby={`${id}-label`}
        data-testid={testId}
      >
        {select('hour', HOURS, hour)}
        <span className="time-of-day__colon" aria-hidden="true">
          :
        </span>
        {select('minute', MINUTES, minute)}
      </div>
      {error && (
        <p className="field__error" id={errorId} data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
