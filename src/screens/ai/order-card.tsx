import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import type { TFunction } from 'i18next';
import { useSnapshot } from 'valtio';
import type { Locale } from '../../../domain/format/locale';
import { formatDateTime } from '../../../domain/format/date';
import type { AiOrder } from '../../../domain/protocol/ai-products';
import { aiProductEndpoints } from '../../../domain/protocol/endpoints/ai-products';
import { call } from '../../api/call';
import { PasswordConfirmSheet } from '../../components/trade/confirm-sheet';
import { FigureRows, type FigureRow } from '../../components/trade/figure-rows';
import { usePasswordConfirm } from '../../components/trade/use-password-confirm';
import { FormAlert } from '../../components/form/submit-button';
import { prefs } from '../../state/prefs';
import { OrderFills } from './order-fills';
import { addHref, formatRatio } from './ai-format';
import { toneOf } from '../../components/tone';
import { formatTry } from '../../../domain/format/number';
import { Button, ButtonLink } from '../../components/button';

type RedeemConfirm = ReturnType<typeof usePasswordConfirm<AiOrder>>;

/** An order's figures; a redeemed order is worth nothing any more, what it paid out is its figure. */
function orderRows(order: AiOrder, lang: Locale, t: TFunction<'ai'>): FigureRow[] {
  const open = order.status === 'open';
  const pnlTone = toneOf(order.pnl);
  return [
    open
      ? {
          label: t('mine.value'),
          value: formatTry(order.value, lang),
          tone: 'strong',
          testId: `ai-order-value-${order.id}`,
        }
      : { label: t('mine.paid_out'), value: formatTry(order.paidOut, lang), tone: 'strong' },
    { label: t('mine.paid_in'), value: formatTry(order.paidIn, lang) },
    {
      label: t('mine.pnl'),
      value: `${formatTry(order.pnl, lang)} (${formatRatio(order.pnlRatio, lang)})`,
      testId: `ai-order-pnl-${order.id}`,
      ...(pnlTone ? { tone: pnlTone } : {}),
    },
    { label: t('mine.costs'), value: formatTry(order.costs, lang) },
    ...(open ? [{ label: t('mine.cash'), value: formatTry(order.cash, lang) }] : []),
    { label: t('mine.rebalances'), value: String(order.rebalances) },
    { label: t('mine.opened'), value: formatDateTime(order.openedAt, lang) },
    ...(order.closedAt === null
      ? []
      : [{ label: t('mine.closed'), value: formatDateTime(order.closedAt, lang) }]),
  ];
}

/** The basket the order holds now, each stock's value and weight. */
function Holdings({ order }: { order: AiOrder }) {
  const { t } = useTranslation('ai');
  const { lang } = useSnapshot(prefs);
  return (
    <>
      <h3 className="ai-block__subtitle">{t('mine.holdings')}</h3>
      <ul className="card-list">
        {order.holdings.map((h) => (
          <li key={h.symbol} className="ai-line">
            <span className="ai-line__who">
              <strong>{h.symbol}</strong>
              <span className="ai-line__name">{t('mine.qty', { qty: h.qty })}</span>
            </span>
            <span className="ai-line__figures num">
              <span>{formatTry(h.value, lang)}</span>
              <span className="ai-line__sub">{formatRatio(h.weight, lang, false)}</span>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Redeeming: the sales' costs and what comes back, estimated before money moves (DECISIONS §2). */
function RedeemSheet({ order, sheet }: { order: AiOrder; sheet: RedeemConfirm }) {
  const { t } = useTranslation('ai');
  const { lang } = useSnapshot(prefs);
  return (
    <PasswordConfirmSheet
      title={t('mine.redeem_title', { id: order.id })}
      rows={[
        { label: t('mine.value'), value: formatTry(order.value, lang) },
        {
          label: t('mine.redeem_costs'),
          value: `≈\u00a0${formatTry(order.redeemCosts, lang)}`,
          testId: `ai-redeem-costs-${order.id}`,
        },
        {
          label: t('mine.redeem_net'),
          value: `≈\u00a0${formatTry(order.redeemNet, lang)}`,
          tone: 'strong',
          testId: `ai-redeem-net-${order.id}`,
        },
      ]}
      costs={<p className="hint">{t('mine.redeem_body')}</p>}
      password={{ label: t('order.password_label'), hint: t('order.password_hint') }}
      tone="sell"
      confirmLabel={t('mine.redeem_confirm')}
      sheet={sheet}
      onConfirm={(pin) =>
        void sheet.send(() =>
          call(
            aiProductEndpoints.buy,
            { action: 'redeem', orderId: order.id, tradePassword: pin },
            { silent: true },
          ),
        )
      }
      testId="ai-redeem-confirm"
    />
  );
}

/** One of my AI orders: value now, money in and out, P&L, the basket it holds, add and redeem. */
export function OrderCard({
  order,
  title,
  onChanged,
}: {
  order: AiOrder;
  /** The product's name. */
  title: string;
  onChanged: (message: string) => void;
}) {
  const { t } = useTranslation('ai');
  const { lang } = useSnapshot(prefs);
  const open = order.status === 'open';
  const sheet = usePasswordConfirm({
    onDone: (done: AiOrder) =>
      onChanged(t('mine.redeemed', { id: done.id, amount: formatTry(done.paidOut, lang) })),
    onRefused: () => onChanged(''),
  });
  const [showFills, setShowFills] = useState(false);
  const rows = orderRows(order, lang, t);
  return (
    <li className="ai-order" data-testid={`ai-order-${order.id}`}>
      <header className="ai-card__head">
        <span className="ai-card__title">
          {title} · #{order.id}
        </span>
        <span className={`ai-badge ai-badge--${order.status}`}>{t(`mine.status_${order.status}`)}</span>
      </header>
      <FigureRows rows={rows} />
      {order.holdings.length > 0 && <Holdings order={order} />}
      <button
        type="button"
        className="ai-fills__toggle"
        aria-expanded={showFills}
        data-testid={`ai-fills-toggle-${order.id}`}
        onClick={() => setShowFills(!showFills)}
      >
        {t('mine.fills')} {showFills ? '▴' : '▾'}
      </button>
      {/* Read only when asked for: a list of orders does not fetch every order's fills. */}
      {showFills && <OrderFills orderId={order.id} />}
      <FormAlert message={sheet.formError} testId={`ai-order-error-${order.id}`} />
      {open && (
        <div className="action-pair ai-actions">
          <ButtonLink href={addHref(order.id)} look="secondary" testId={`ai-add-${order.id}`}>
            {t('mine.add')}
          </ButtonLink>
          <Button look="primary" testId={`ai-redeem-${order.id}`} onClick={sheet.show}>
            {t('mine.redeem')}
          </Button>
        </div>
      )}
      {sheet.open && <RedeemSheet order={order} sheet={sheet} />}
    </li>
  );
}
