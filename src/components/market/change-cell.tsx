import '../../styles/market.css';
import { memo } from 'react';
import type { Locale } from '../../../domain/format/locale';
import { readDecimal, signOf } from '../../../domain/format/decimal-text';
import { formatPercent } from '../../../domain/format/number';

/** -1, 0 or 1 for a decimal string; 0 when unknown, so an unknown change is never coloured. */
export function direction(value: string): -1 | 0 | 1 {
  const d = readDecimal(value);
  return d ? signOf(d) : 0;
}

const TONE = { '-1': 'down', '0': 'flat', '1': 'up' } as const;

type Props = { pct: string; locale: Locale; pill?: boolean; testId?: string };

/** A change in percent: green up, red down, neutral when flat or unknown ('--'). */
export const ChangeCell = memo(function ChangeCell({ pct, locale, pill = false, testId }: Props) {
  const tone = TONE[direction(pct)];
  const base = pill ? 'change-cell change-cell--pill' : 'change-cell';
  return (
    <span className={`${base} change-cell--${tone}`} data-testid={testId} data-tone={tone}>
      {formatPercent(pct, locale)}
    </span>
  );
});
