import Decimal from 'decimal.js';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { whatIf } from '../../../domain/contracts';
import { formatPercent, formatPrice, formatSigned } from '../../../domain/format/number';
import type { ContractPosition, ContractRules } from '../../../domain/protocol/contracts';
import { prefs } from '../../state/prefs';
import { toneClass } from '../../components/tone';

const RANGE = 50;

/** Drag a price move (±50 % of the mark) and see the PnL and the distance to liquidation there. */
export function WhatIf({
  position,
  rules,
  mark,
  priceScale,
}: {
  position: ContractPosition;
  rules: ContractRules;
  mark: string;
  priceScale: number;
}) {
  const { t } = useTranslation('contract');
  const { lang } = useSnapshot(prefs);
  const id = useId();
  const [move, setMove] = useState(0);
  const price = new Decimal(mark).times(new Decimal(move).div(100).plus(1));
  const figures = whatIf(position, price, rules);
  const distance = figures?.liquidationDistance ?? null;
  const gone = distance !== null && new Decimal(distance).lte(0);
  return (
    <div className="what-if" data-testid="what-if">
      <label htmlFor={id} className="field-label">
        {t('positions.what_if_move')}:{' '}
        <span className="num">{formatPercent(move, lang, { decimals: 1 })}</span>
      </label>
      <input
        id={id}
        type="range"
        min={-RANGE}
        max={RANGE}
        step={0.5}
        value={move}
        data-testid="what-if-slider"
        onChange={(event) => setMove(Number(event.target.value))}
      />
      <dl className="trade-card__grid">
        <div>
          <dt>{t('positions.what_if_price')}</dt>
          <dd className="num" data-testid="what-if-price">
            {formatPrice(price, lang, priceScale)}
          </dd>
        </div>
        <div>
          <dt>{t('positions.what_if_pnl')}</dt>
          <dd className={`num ${toneClass(figures?.unrealizedPnl)}`} data-testid="what-if-pnl">
            {formatSigned(figures?.unrealizedPnl, lang, 2)} ({formatPercent(figures?.roe, lang)})
          </dd>
        </div>
        <div>
          <dt>{t('positions.what_if_distance')}</dt>
          <dd className={`num ${gone ? 'tone-down' : ''}`} data-testid="what-if-distance">
            {gone ? t('positions.what_if_liquidated') : formatPercent(distance, lang, { signed: false })}
          </dd>
        </div>
      </dl>
    </div>
  );
}
