import '../../styles/contract.css';
import Decimal from 'decimal.js';
import { memo, useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import type { Locale } from '../../../domain/format/locale';
import { formatDecimal, formatMoney, formatPercent, formatPrice } from '../../../domain/format/number';
import type { PositionFigures } from '../../../domain/contracts';
import type { ContractPosition, ContractRules } from '../../../domain/protocol/contracts';
import { useLivePosition } from '../../market/positions';
import { prefs } from '../../state/prefs';
import { toneClass } from '../../components/tone';
import { WhatIf } from './what-if';
import { Button } from '../../components/button';

export type PositionAction = 'tpsl' | 'margin' | 'close';

const ACTIONS = [
  ['tpsl', 'positions.edit_tpsl'],
  ['margin', 'positions.add_margin'],
  ['close', 'positions.close'],
] as const;
const ACTION_TEST_IDS: Record<PositionAction, string> = {
  tpsl: 'position-tpsl',
  margin: 'position-add-margin',
  close: 'position-close',
};

function RatioBar({ ratio }: { ratio: string }) {
  const { t } = useTranslation('contract');
  const { lang } = useSnapshot(prefs);
  const value = Decimal.min(100, Decimal.max(0, ratio)).toNumber();
  const level = value >= 80 ? 'danger' : value >= 50 ? 'warn' : 'ok';
  return (
    <div className="ratio-bar" title={t('positions.margin_ratio_hint')}>
      <span>
        {t('positions.margin_ratio')}{' '}
        <span className="num" data-testid="position-ratio">
          {formatPercent(ratio, lang, { signed: false })}
        </span>
      </span>
      <div
        className="ratio-bar__track"
        role="meter"
        aria-label={t('positions.margin_ratio')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
      >
        <div className={`ratio-bar__fill ratio-bar__fill--${level}`} style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

/** The figures the REST answer carried: at its mark for an open position, at the close for a closed one. */
function answeredFigures(position: ContractPosition): PositionFigures {
  const { mark, notional, unrealizedPnl, roe, maintenanceMargin, marginRatio, liquidationPrice } = position;
  return { mark, notional, unrealizedPnl, roe, maintenanceMargin, marginRatio, liquidationPrice };
}

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The card's grid: label, value, test id and tone; an open position's live figures, a closed one's outcome. */
function positionCells(
  position: ContractPosition,
  figures: PositionFigures,
  t: Translate,
  lang: Locale,
  priceScale: number,
  qtyScale: number,
): [string, string, string, string?][] {
  const price = (value: string | null) => (value === null ? '--' : formatPrice(value, lang, priceScale));
  // Margin and realised P&L carry their unit, as the wallet and the records do ("60,00 USDT").
  const usdt = (value: string) => formatMoney(value, lang, { currency: 'USDT' });
  return position.status === 'open'
    ? [
        [t('positions.entry'), price(position.entryPrice), 'position-entry'],
        [t('positions.mark'), price(figures.mark), 'position-mark'],
        [t('positions.size'), formatDecimal(position.qty, lang, { decimals: qtyScale }), 'position-size'],
        [t('positions.margin'), usdt(position.margin), 'position-margin'],
        [t('positions.liq'), price(figures.liquidationPrice), 'position-liq'],
        [
          `${t('positions.tp')} / ${t('positions.sl')}`,
          `${price(position.takeProfit)} / ${price(position.stopLoss)}`,
          'position-triggers',
        ],
      ]
    : [
        [t('positions.entry'), price(position.entryPrice), 'position-entry'],
        [t('positions.close_price'), price(position.closePrice), 'position-close-price'],
        [t('positions.size'), formatDecimal(position.qty, lang, { decimals: qtyScale }), 'position-size'],
        [t('positions.margin'), usdt(position.margin), 'position-margin'],
        [
          t('positions.realized'),
          formatMoney(position.realizedPnl, lang, { currency: 'USDT', signed: true }),
          'position-realized',
          toneClass(position.realizedPnl),
        ],
        [t('positions.closed_at'), formatDateTime(position.closedAt, lang), 'position-closed-at'],
      ];
}

/** What-if, TP/SL, add margin and close: the open position's actions. */
function CardActions({
  position,
  whatIfOpen,
  onWhatIf,
  onAction,
}: {
  position: ContractPosition;
  whatIfOpen: boolean;
  onWhatIf: () => void;
  onAction: (action: PositionAction, position: ContractPosition) => void;
}) {
  const { t } = useTranslation('contract');
  return (
    <div className="trade-card__actions">
      <Button testId="position-what-if" aria-expanded={whatIfOpen} onClick={onWhatIf}>
        {t('positions.what_if')}
      </Button>
      {ACTIONS.map(([action, label]) => (
        <Button key={action} testId={ACTION_TEST_IDS[action]} onClick={() => onAction(action, position)}>
          {t(label)}
        </Button>
      ))}
    </div>
  );
}

/**
 * One open (or closed) contract position with its actions. An open one shows the figures the
 * worker recomputed at the latest mark (useLivePosition: only this id's ticks re-render it) and
 * the REST answer's until the first tick. Memoised: the panel re-renders on every ticker tick, and
 * a row must not follow it (its props stay equal until a refetch).
 */
export const PositionCard = memo(function PositionCard({
  position,
  rules,
  priceScale,
  qtyScale,
  onAction,
}: {
  position: ContractPosition;
  rules: ContractRules;
  priceScale: number;
  qtyScale: number;
  onAction: (action: PositionAction, position: ContractPosition) => void;
}) {
  const { t } = useTranslation('contract');
  const { lang } = useSnapshot(prefs);
  const [whatIfOpen, setWhatIfOpen] = useState(false);
  const open = position.status === 'open';
  const live = useLivePosition(position.id);
  const figures = (open && live) || answeredFigures(position);
  const cells = positionCells(position, figures, t as Translate, lang, priceScale, qtyScale);
  return (
    <li className="surface-card" data-testid="position" data-id={position.id} data-status={position.status}>
      <div className="trade-card__head">
        <span className="trade-card__title">
          {position.symbol}{' '}
          <span className={`badge contract-badge contract-badge--${position.side}`}>
            {t(`ticket.${position.side}`)} {position.leverage}×
          </span>
        </span>
        {open ? (
          <span className={`pnl-big num ${toneClass(figures.unrealizedPnl)}`} data-testid="position-pnl">
            {/* In USDT, as the margin below and the closed card's net P&L: a bare "-10,09" said no unit. */}
            {formatMoney(figures.unrealizedPnl, lang, { currency: 'USDT', signed: true, decimals: 2 })}{' '}
            <span data-testid="position-roe">({formatPercent(figures.roe, lang)})</span>
          </span>
        ) : (
          <span className="badge contract-badge" data-testid="position-reason">
            {t(`positions.reason.${position.closeReason ?? 'user'}`)}
          </span>
        )}
      </div>
      <dl className="trade-card__grid">
        {cells.map(([label, value, id, tone]) => (
          <div key={id}>
            <dt>{label}</dt>
            <dd className={`num ${tone ?? ''}`} data-testid={id}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {open && <RatioBar ratio={figures.marginRatio} />}
      {open && whatIfOpen && (
        <WhatIf position={position} rules={rules} mark={figures.mark} priceScale={priceScale} />
      )}
      {open && (
        <CardActions
          position={position}
          whatIfOpen={whatIfOpen}
          onWhatIf={() => setWhatIfOpen(!whatIfOpen)}
          onAction={onAction}
        />
      )}
    </li>
  );
});
