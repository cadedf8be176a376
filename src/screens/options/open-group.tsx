import { useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import type { OptionPosition, OptionRule } from '../../../domain/protocol/options';
import { optionEndpoints } from '../../../domain/protocol/endpoints/options';
import { call } from '../../api/call';
import { useLiveData } from '../../components/content/use-live-data';
import { FigureRows } from '../../components/trade/figure-rows';
import { useFollowOptionQuotes } from '../../market/option-quotes';
import { optionQuotes } from '../../state/option-quotes';
import { prefs } from '../../state/prefs';
import { closeFigures, type CloseFigures } from './figures';
import { CloseSheet, type PendingClose } from './close-sheet';
import { premiumText, price, signedMoney } from './format';
import { optionLabel, termRows } from './ticket-figures';
import { spotNow, useSpot } from './use-spot';
import { modelTermsKey, type ModelTerms } from './model-terms';
import { toneOf } from '../../components/tone';
import { formatTry } from '../../../domain/format/number';
import { Button } from '../../components/button';

/**
 * One underlying's open positions, valued on the worker's quotes (each position priced there on
 * every tick of the stock): model value, and the P&L closing now would realise (after the
 * disclosed spread and the fee).
 */
export function OpenGroup({
  symbol,
  positions,
  onClosed,
  onRefused,
}: {
  symbol: string;
  positions: readonly OptionPosition[];
  /** The close went through (the answer), or was refused (its words): the list is re-read. */
  onClosed: (position: OptionPosition) => void;
  onRefused: (message: string) => void;
}) {
  const locale = useSnapshot(prefs).lang;
  const rule = useLiveData(`option-rule|${symbol}`, () =>
    call(optionEndpoints.rule, { symbol }, { silent: true }),
  );
  const ready = rule.status === 'ready' ? rule.data : null;
  const spot = useSpot(symbol, ready?.spot ?? '');
  const [pending, setPending] = useState<PendingClose | null>(null);
  const scale = ready?.priceScale ?? 2;
  useFollowPositions(symbol, positions, ready);
  // Only these positions' quotes are read: another underlying's tick does not re-render the group.
  const quotes = useSnapshot(optionQuotes).byId;

  return (
    <>
      <div className="split-row options-group__head">
        <span className="options-card__title">{symbol}</span>
        <span className="num" data-testid={`option-group-spot-${symbol}`}>
          {price(spot, locale, scale)}
        </span>
      </div>
      <ul className="card-list" data-testid={`option-open-${symbol}`}>
        {positions.map((position) => {
          const quote = quotes[position.id];
          const figures = ready && quote ? closeFigures(ready, position, quote) : null;
          return (
            <OpenCard
              key={position.id}
              position={position}
              figures={figures}
              rule={ready}
              scale={scale}
              onClose={setPending}
            />
          );
        })}
      </ul>
      {pending && ready && (
        <CloseSheet
          rule={ready}
          pending={pending}
          onDone={(position) => {
            setPending(null);
            onClosed(position);
          }}
          onRefused={(message) => {
            setPending(null);
            onRefused(message);
          }}
          onCancel={() => setPending(null)}
        />
      )}
    </>
  );
}

/** Has the worker price these positions on every tick of their stock, on the rule's model terms. */
function useFollowPositions(symbol: string, positions: readonly OptionPosition[], ready: OptionRule | null) {
  const terms = ready ? modelTermsKey(ready) : undefined;
  const rate = ready?.rate;
  const fallback = ready ? spotNow(ready) : undefined;
  // The parent groups the list anew on each of its renders: the options, not the array, decide.
  const shape = positions.map((p) => `${p.id}|${p.kind}|${p.strike}|${p.expiresAt}`).join(',');
  const followed = useMemo(
    () =>
      terms === undefined || rate === undefined || fallback === undefined
        ? null
        : positions.map(({ id, kind, strike, expiresAt }) => ({
            id,
            symbol,
            kind,
            strike,
            expiresAt,
            rate,
            spot: fallback,
            ...(JSON.parse(terms) as ModelTerms),
          })),
    // The spot is only the worker's price until the next tick: a refetch need not re-send.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [shape, symbol, terms, rate],
  );
  useFollowOptionQuotes(followed);
}

/** One open position: its terms, its value and P&L on the latest quote, and its close button. */
function OpenCard({
  position,
  figures,
  rule,
  scale,
  onClose,
}: {
  position: OptionPosition;
  figures: CloseFigures | null;
  rule: OptionRule | null;
  scale: number;
  onClose: (pending: PendingClose) => void;
}) {
  const { t } = useTranslation('options');
  const locale = useSnapshot(prefs).lang;
  return (
    <li className="surface-card" data-testid={`option-open-${position.id}`}>
      <div className="split-row options-card__head">
        <span className="options-card__title">
          {optionLabel(position.kind, position.strike, t, locale, scale)}
        </span>
        <span className="options-badge options-badge--open">{t('positions.status.open')}</span>
      </div>
      <FigureRows
        rows={[
          ...termRows(position, t, locale, scale),
          { label: t('positions.premium'), value: premiumText(position.premium, locale) },
          { label: t('positions.cost'), value: formatTry(position.cost, locale) },
          { label: t('positions.value'), value: formatTry(figures?.value, locale), testId: 'open-value' },
          {
            label: t('positions.unrealized'),
            value: signedMoney(figures?.pnl, locale),
            tone: toneOf(figures?.pnl),
            testId: 'open-pnl',
          },
        ]}
      />
      <Button
        testId={`option-close-${position.id}`}
        disabled={!rule?.marketOpen || figures === null}
        onClick={() => {
          if (figures) onClose({ position, figures });
        }}
      >
        {rule && !rule.marketOpen ? t('positions.close_blocked') : t('positions.close')}
      </Button>
    </li>
  );
}
