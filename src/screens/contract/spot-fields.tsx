import { useTranslation } from '../../i18n/hook';
import type { Locale } from '../../../domain/format/locale';
import { readDecimal, signOf } from '../../../domain/format/decimal-text';
import { formatDecimal, formatMoney } from '../../../domain/format/number';
import type { CoinInfo } from '../../../domain/protocol/market';
import type { OrderSide, OrderType } from '../../../domain/protocol/trading';
import { Segmented } from '../../components/form/segmented';
import { BuyByAmountFields } from '../../components/trade/buy-by-amount';
import { FundingHint } from '../../components/trade/funding-hint';
import { paths } from '../../paths/paths';
import { Stepper } from '../../components/trade/stepper';
import { SideSwitch } from './pair-head';
import { toInputText } from './input-text';
import { withSpotRules } from './use-spot-rules';
import type { SpotSize as Size } from './use-spot-size';

/** Whether a wallet's free amount (a wire decimal) is nothing to spend: read exactly, no decimal.js. */
const nothingIn = (available: string) => {
  const read = readDecimal(available);
  return read !== null && signOf(read) <= 0;
};

export function SpotSideSwitch({ side, onChange }: { side: OrderSide; onChange: (side: OrderSide) => void }) {
  const { t } = useTranslation('contract');
  return (
    <SideSwitch<OrderSide>
      label={t('spot.side_label')}
      value={side}
      onChange={onChange}
      options={[
        { value: 'buy', label: t('spot.buy'), testId: 'spot-side-buy' },
        { value: 'sell', label: t('spot.sell'), testId: 'spot-side-sell' },
      ]}
    />
  );
}

/** What the side can spend: USDT to buy with, the coin to sell; with none, where USDT comes in. */
export function SpotAvailable({
  info,
  side,
  usdt,
  base,
  lang,
}: {
  info: CoinInfo;
  side: OrderSide;
  usdt: string;
  base: string;
  lang: Locale;
}) {
  const { t } = useTranslation('contract');
  return (
    <>
      <p className="ticket__row">
        <span>{t('available')}</span>
        <span className="num" data-testid="spot-available">
          {side === 'buy'
            ? `${formatMoney(usdt, lang)} ${info.quote}`
            : `${formatDecimal(base, lang, { decimals: info.qtyScale })} ${info.base}`}
        </span>
      </p>
      {/* No USDT to buy with: where it comes in (the crypto deposit, SPEC /pages/recharge/cryptoRecharge), not a dead ticket. */}
      {side === 'buy' && nothingIn(usdt) && (
        <FundingHint
          text={t('no_usdt_spot')}
          href={paths.cryptoRecharge}
          label={t('deposit_usdt')}
          testId="spot-no-usdt"
        />
      )}
    </>
  );
}

/** Market or limit, and the limit's price stepped in the pair's ticks from the last trade. */
export function SpotPriceFields({
  info,
  type,
  onType,
  size,
  last,
}: {
  info: CoinInfo;
  type: OrderType;
  onType: (type: OrderType) => void;
  size: Size;
  /** The last trade now (useCoinPair's lastNow): read as the user acts, so no tick renders the form. */
  last: () => string | null;
}) {
  const { t } = useTranslation('contract');
  const priceField = size.price;
  return (
    <>
      <Segmented<OrderType>
        label={t('spot.type_label')}
        value={type}
        onChange={(next) => {
          onType(next);
          // A limit price starts at the last trade, as the stock ticket's does: it started
          // empty here, and a user stepping it went from nothing.
          const now = last();
          if (next === 'limit' && priceField.value === '' && now !== null)
            priceField.set(toInputText(now, info.priceScale, 'en-US'));
        }}
        options={[
          { value: 'market', label: t('spot.market'), testId: 'spot-type-market' },
          { value: 'limit', label: t('spot.limit'), testId: 'spot-type-limit' },
        ]}
      />
      {type === 'limit' ? (
        <Stepper
          field={priceField}
          label={`${t('spot.price')} (${info.quote})`}
          onStep={(direction) =>
            withSpotRules(({ stepCanonical, stepOf }) =>
              priceField.set(
                stepCanonical(priceField.value, stepOf(info.priceScale), info.priceScale, direction, last()),
              ),
            )
          }
          decreaseLabel={t('step_down')}
          increaseLabel={t('step_up')}
          testId="spot-price"
        />
      ) : (
        <p className="ticket__row">
          <span>{t('spot.price')}</span>
          <span>{t('spot.at_market')}</span>
        </p>
      )}
    </>
  );
}

/** The size: an amount of the coin stepped by its minimum, or the USDT to spend and what it buys. */
export function SpotSizeField({
  info,
  size,
  byAmount,
  bought,
  priced,
  message,
  lang,
}: {
  info: CoinInfo;
  size: Size;
  byAmount: boolean;
  bought: { quantity: string; thin: boolean } | null;
  priced: boolean;
  message: string;
  lang: Locale;
}) {
  const { t } = useTranslation('contract');
  if (byAmount)
    return (
      <>
        <BuyByAmountFields
          field={size.budget}
          unit={info.quote}
          coin
          figures={
            bought && {
              quantity: `${formatDecimal(bought.quantity, lang, { decimals: info.qtyScale })} ${info.base}`,
              thin: bought.thin,
            }
          }
          priced={priced}
        />
        {bought && message && (
          <p className="ticket__error" role="alert" data-testid="spot-error">
            {message}
          </p>
        )}
      </>
    );
  return (
    <Stepper
      field={size.qty}
      label={`${t('spot.quantity')} (${info.base})`}
      onStep={(direction) =>
        withSpotRules(({ stepCanonical }) =>
          size.qty.set(stepCanonical(size.qty.value, info.minQty, info.qtyScale, direction)),
        )
      }
      decreaseLabel={t('step_down')}
      increaseLabel={t('step_up')}
      error={size.qty.value.trim() !== '' ? message || undefined : undefined}
      testId="spot-qty"
    />
  );
}
