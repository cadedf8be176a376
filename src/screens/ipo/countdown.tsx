import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/hook';
import type { Ipo } from '../../../domain/protocol/ipo';
import { countdownOf } from './ipo-figures';

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The time to the IPO's next status change (window start, window end, listing), ticking with
 * the screen's clock. When it runs out the screen is asked once to re-read, since only the
 * server knows what the change brought (an early close, the allocation).
 */
export function Countdown({
  ipo,
  now,
  onElapsed,
  testId,
}: {
  ipo: Ipo;
  now: number;
  onElapsed?: () => void;
  testId?: string;
}) {
  const { t } = useTranslation('ipo');
  const left = countdownOf(ipo.countdownUntil, now);
  const elapsed = ipo.countdownUntil !== null && left === null;
  const asked = useRef<number | null>(null);
  useEffect(() => {
    if (!elapsed || asked.current === ipo.countdownUntil) return;
    asked.current = ipo.countdownUntil;
    onElapsed?.();
  }, [elapsed, ipo.countdownUntil, onElapsed]);

  if (ipo.status === 'listed' || ipo.countdownUntil === null) return null;
  let value: string;
  if (left === null) value = t('countdown.updating');
  else {
    const clock = `${two(left.hours)}:${two(left.minutes)}:${two(left.seconds)}`;
    value = left.days > 0 ? t('countdown.with_days', { days: left.days, clock }) : clock;
  }
  return (
    <span className="ipo-countdown" data-testid={testId}>
      <span className="ipo-countdown__label">{t(`countdown.${ipo.status}`)}</span>{' '}
      <span className="ipo-countdown__value num" role="timer">
        {value}
      </span>
    </span>
  );
}
