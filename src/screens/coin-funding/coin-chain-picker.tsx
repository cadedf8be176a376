import '../../styles/contract.css';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatDecimal, formatMoney } from '../../../domain/format/number';
import type { CoinChain, RechargeCoin } from '../../../domain/protocol/funding-coin';
import { Segmented } from '../../components/form/segmented';
import { FigureRows, type FigureRow } from '../../components/trade/figure-rows';
import { prefs } from '../../state/prefs';

export type ChainUse = 'deposit' | 'withdraw';

/** Coins carry up to 8 decimals; figures keep them all (truncated) so nothing looks rounded up. */
export const coinPlaces = (currency: string) => (currency === 'USDT' || currency === 'TRY' ? 2 : 8);

/**
 * A coin amount as text: "10,00 USDT", "0,0005 BTC" — cash-like coins with their 2 places, others
 * with as many of their 8 as the amount has (truncated, never rounded up), so a fee reads plainly.
 */
export function useCoinAmount() {
  const { lang } = useSnapshot(prefs);
  return (value: string, currency: string) => {
    const places = coinPlaces(currency);
    if (places === 2) return formatMoney(value, lang, { decimals: 2, currency });
    return `${formatDecimal(value, lang, { decimals: places, minDecimals: 2 })}\u00a0${currency}`;
  };
}

/** The chain's terms for `use`, shown before the user starts (DECISIONS §2). */
export function ChainTerms({ coin, chain, use }: { coin: string; chain: CoinChain; use: ChainUse }) {
  const { t } = useTranslation('coinFunding');
  const amount = useCoinAmount();
  const rows: FigureRow[] =
    use === 'deposit'
      ? [
          { label: t('terms.min_deposit'), value: amount(chain.minDeposit, coin), testId: 'terms-min' },
          {
            label: t('terms.confirmations'),
            value: t('terms.confirmations_value', { count: chain.confirmations }),
            testId: 'terms-confirmations',
          },
        ]
      : [
          { label: t('terms.min_withdraw'), value: amount(chain.minWithdraw, coin), testId: 'terms-min' },
          { label: t('terms.fee'), value: amount(chain.withdrawFee, coin), testId: 'terms-fee' },
        ];
  rows.push({
    label: t('terms.expected'),
    value: t('terms.expected_value', { minutes: chain.expectedMinutes }),
    testId: 'terms-expected',
  });
  return <FigureRows rows={rows} testId="chain-terms" />;
}

/**
 * Which coin (chips, with their names) and which network (a segmented control) — only those open
 * for `use`; the chosen network's terms follow underneath.
 */
export function CoinChainPicker({
  coins,
  currency,
  chain,
  use,
  onChange,
}: {
  coins: readonly RechargeCoin[];
  currency: string;
  chain: string;
  use: ChainUse;
  onChange: (currency: string, chain: string) => void;
}) {
  const { t } = useTranslation('coinFunding');
  const enabled = (c: CoinChain) => (use === 'deposit' ? c.depositEnabled : c.withdrawEnabled);
  const usable = coins.filter((coin) => coin.chains.some(enabled));
  const current = usable.find((coin) => coin.currency === currency);
  const chains = current?.chains.filter(enabled) ?? [];
  const selected = chains.find((c) => c.chain === chain);
  return (
    <div className="funding-stack">
      <Segmented
        label={t('chooser.coin')}
        value={currency}
        options={usable.map((coin) => ({
          value: coin.currency,
          label: (
            <>
              {coin.currency} <span className="hint">{coin.name}</span>
            </>
          ),
          testId: `coin-${coin.currency}`,
        }))}
        onChange={(picked) =>
          onChange(picked, usable.find((coin) => coin.currency === picked)?.chains.find(enabled)?.chain ?? '')
        }
        look={{ group: 'chips', option: 'chip', testId: 'coin-chips' }}
      />
      {chains.length > 0 && (
        <Segmented
          label={t('chooser.chain')}
          value={chain}
          options={chains.map((c) => ({
            value: c.chain,
            label: c.name || c.chain,
            testId: `chain-${c.chain}`,
          }))}
          onChange={(next) => onChange(currency, next)}
        />
      )}
      {selected && <ChainTerms coin={currency} chain={selected} use={use} />}
    </div>
  );
}
