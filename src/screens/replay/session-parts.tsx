import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { formatTime } from '../../../domain/format/date';
import { formatAmount } from '../../../domain/format/display';
import { formatAllDigits } from '../../../domain/format/number';
import { readTypedNumber } from '../../../domain/format/typed-number';
import type { ReplayView } from '../../../domain/market-data/replay-feed';
import type { ReplayOrderRequest } from '../../../domain/protocol/replay';
import { Button } from '../../components/button';
import { Segmented } from '../../components/form/segmented';
import { useTranslation } from '../../i18n/hook';
import { prefs } from '../../state/prefs';

const SCALE = 8;

/** An order's state as the replay's texts name it. */
const STATUS_KEY = {
  open: 'session.status.open',
  partial: 'session.status.partial',
  in_transaction: 'session.status.in_transaction',
  closed: 'session.status.closed',
  cancelled: 'session.status.cancelled',
  system_closed: 'session.status.system_closed',
} as const;

type Kind = 'market' | 'limit' | 'stop';

/** A market, limit or stop order of the replay's paper account; numbers read whole in the user's locale. */
export function ReplayTicket({
  symbol,
  onSend,
}: {
  symbol: string;
  onSend: (order: Omit<ReplayOrderRequest, 'id'>) => Promise<unknown>;
}) {
  const { t } = useTranslation('replay');
  const { lang } = useSnapshot(prefs);
  const [side, setSide] = useState<'buy' | 'sell'>('buy');
  const [kind, setKind] = useState<Kind>('market');
  const [quantity, setQuantity] = useState('');
  const [price, setPrice] = useState('');
  const [problem, setProblem] = useState(false);
  const read = (text: string) => {
    const got = readTypedNumber(text, lang, { decimals: SCALE, whole: false });
    return got.ok ? got.value : null;
  };
  const send = () => {
    const qty = read(quantity);
    const at = kind === 'market' ? '' : read(price);
    if (qty === null || at === null) return setProblem(true);
    setProblem(false);
    const order: Omit<ReplayOrderRequest, 'id'> =
      kind === 'market'
        ? { symbol, side, type: 'market', quantity: qty }
        : kind === 'limit'
          ? { symbol, side, type: 'limit', quantity: qty, price: at }
          : { symbol, side, type: 'conditional', kind: 'stop', quantity: qty, trigger: at };
    void onSend(order);
  };
  return (
    <section className="replay-panel" aria-label={t('session.ticket')} data-testid="replay-ticket">
      <h2>{t('session.ticket')}</h2>
      <Segmented
        label={t('session.ticket')}
        value={side}
        onChange={setSide}
        options={[
          { value: 'buy', label: t('session.buy'), testId: 'replay-side-buy' },
          { value: 'sell', label: t('session.sell'), testId: 'replay-side-sell' },
        ]}
      />
      <Segmented
        label={t('session.ticket')}
        value={kind}
        onChange={setKind}
        options={(['market', 'limit', 'stop'] as const).map((k) => ({ value: k, label: t(`session.${k}`) }))}
      />
      <label className="replay-field">
        <span>{t('session.quantity')}</span>
        <input
          inputMode="decimal"
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
          data-testid="replay-qty"
        />
      </label>
      {kind !== 'market' && (
        <label className="replay-field">
          <span>{kind === 'stop' ? t('session.trigger') : t('session.price')}</span>
          <input
            inputMode="decimal"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            data-testid="replay-price"
          />
        </label>
      )}
      {problem && (
        <p className="replay-error" role="alert">
          {t('session.number_invalid', { example: lang === 'tr-TR' ? '0,05' : '0.05' })}
        </p>
      )}
      <Button look="primary" onClick={send} testId="replay-send">
        {t('session.send')}
      </Button>
    </section>
  );
}

/** Balances, orders (the resting ones cancellable), stop orders and fills of the paper account. */
export function ReplayAccount({
  state,
  onCancel,
}: {
  state: ReplayView;
  onCancel: (orderId: string) => void;
}) {
  const { t } = useTranslation('replay');
  const { lang } = useSnapshot(prefs);
  const n = (value: string) => formatAllDigits(value, lang);
  return (
    <>
      <section className="replay-panel" aria-label={t('session.balances')} data-testid="replay-balances">
        <h2>{t('session.balances')}</h2>
        <dl className="replay-balances">
          {state.balances.map((b) => (
            <div key={b.currency}>
              <dt>{b.currency}</dt>
              <dd>
                {formatAmount(b.available, b.currency, lang)}
                {b.frozen !== '0' && (
                  <span className="replay-muted">
                    {' '}
                    · {t('session.frozen')} {formatAmount(b.frozen, b.currency, lang)}
                  </span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="replay-panel" aria-label={t('session.orders')} data-testid="replay-orders">
        <h2>{t('session.orders')}</h2>
        {state.orders.length === 0 && state.conditionals.length === 0 && (
          <p className="replay-muted">{t('session.no_orders')}</p>
        )}
        <ul className="replay-rows">
          {state.conditionals.map((c) => (
            <li key={c.id}>
              <span>{`${t(`session.${c.side}`)} ${n(c.quantity)} ${c.symbol} · ${t('session.stop')} ${n(c.trigger)}`}</span>
              <span className="replay-muted">{t(`session.status.${c.state}`)}</span>
              {c.state === 'pending' && <Button onClick={() => onCancel(c.id)}>{t('session.cancel')}</Button>}
            </li>
          ))}
          {state.orders.map((o) => (
            <li key={o.id}>
              <span>{`${t(`session.${o.side}`)} ${n(o.filledQty)}/${n(o.quantity)} ${o.symbol}${o.price ? ` @ ${n(o.price)}` : ''}`}</span>
              <span className="replay-muted">{t(STATUS_KEY[o.status])}</span>
              {(o.status === 'open' || o.status === 'partial') && (
                <Button onClick={() => onCancel(o.id)} testId={`replay-cancel-${o.id}`}>
                  {t('session.cancel')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section className="replay-panel" aria-label={t('session.fills')} data-testid="replay-fills">
        <h2>{t('session.fills')}</h2>
        {state.fills.length === 0 && <p className="replay-muted">{t('session.no_fills')}</p>}
        <ul className="replay-rows">
          {[...state.fills].reverse().map((f) => (
            <li key={f.id} className={`replay-tape__${f.side}`}>
              <span>{formatTime(f.t, lang)}</span>
              <span>{`${t(`session.${f.side}`)} ${n(f.qty)} ${f.symbol} @ ${n(f.price)}`}</span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
