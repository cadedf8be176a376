import '../../styles/market.css';
import { memo } from 'react';
import type { Locale } from '../../../domain/format/locale';
import { formatPercent } from '../../../domain/format/number';
import { direction } from '../tone';

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
