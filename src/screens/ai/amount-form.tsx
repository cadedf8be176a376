import { useTranslation } from '../../i18n/hook';
import type { TFunction } from 'i18next';
import { useSnapshot } from 'valtio';
import type { Locale } from '../../../domain/format/locale';
import type { AiOrderDetails, AiProductInfo } from '../../../domain/protocol/ai-products';
import { stockCosts } from '../../../domain/rules/costs';
import { aiProductEndpoints } from '../../../domain/protocol/endpoints/ai-products';
import { call } from '../../api/call';
import { AmountField } from '../../components/form/amount-field';
import { useAmountField } from '../../components/form/use-amount-field';
import { TRY_SCALE } from '../../../domain/format/money';
import { orderPasswordWords, PasswordForm } from '../../components/trade/password-form';
import { FigureRows, type FigureRow } from '../../components/trade/figure-rows';
import { usePasswordConfirm } from '../../components/trade/use-password-confirm';
import { prefs } from '../../state/prefs';
import { session } from '../../state/session';
import { productTitle } from './ai-format';
import { DemoNotice } from '../../components/switch-real-button';
import { formatTry } from '../../../domain/format/number';

/** What the sheet and the summary state before money moves. */
function summaryRows(
  product: AiProductInfo,
  orderId: string | null,
  amount: string,
  lang: Locale,
  t: TFunction<'ai'>,
): FigureRow[] {
  const valid = amount !== 'invalid';
  return [
    { label: t('order.product'), value: productTitle(product, t) },
    ...(orderId ? [{ label: t('order.order'), value: `#${orderId}` }] : []),
    { label: t('order.amount'), value: formatTry(valid ? amount : null, lang), tone: 'strong' },
    {
      // The buys' commission, BSMV and exchange fee at the stock order rates, before money moves.
      label: t('order.costs_estimate'),
      value: valid
        ? `≈\u00a0${formatTry(stockCosts(amount, product.costs).total, lang)}`
        : formatTry(null, lang),
      testId: 'ai-costs-estimate',
    },
    { label: t('order.from'), value: t('order.from_value') },
  ];
}

/** A new order of the product, or more money into the order `orderId`. */
function sendOrder(
  productId: string,
  orderId: string | null,
  amount: string,
  tradePassword: string,
  requestId: string,
): Promise<AiOrderDetails> {
  return orderId
    ? call(aiProductEndpoints.addAmount, { id: orderId, amount, tradePassword, requestId }, { silent: true })
    : call(
        aiProductEndpoints.buy,
        { action: 'buy', id: productId, amount, tradePassword, requestId },
        { silent: true },
      );
}

function WhatHappens({ adding }: { adding: boolean }) {
  const { t } = useTranslation('ai');
  return (
    <div className="ai-what">
      <p>{adding ? t('order.what_add') : t('order.what_buy')}</p>
      <p className="hint">{t('order.costs_note')}</p>
      <p className="hint">{t('risk.body')}</p>
    </div>
  );
}

/**
 * Buying an order of a product, or adding to one (`orderId`): the amount in the user's locale,
 * checked as the server checks it (minimum, the stock account's balance), then the sheet that
 * states what happens and what it costs, confirmed with the trade password (DECISIONS §3).
 */
export function AmountForm({
  product,
  orderId,
  available,
  onDone,
  onRefused,
}: {
  product: AiProductInfo;
  orderId: string | null;
  available: string;
  onDone: (order: AiOrderDetails) => void;
  onRefused: () => void;
}) {
  const { t } = useTranslation('ai');
  const { lang } = useSnapshot(prefs);
  const { userAccountType } = useSnapshot(session);
  // A retry of the same buy after a lost answer must not buy twice.
  const sheet = usePasswordConfirm({ onDone, onRefused, form: 'ai-order' });
  const field = useAmountField({ decimals: TRY_SCALE, unit: 'TRY', min: product.minAmount, available });

  const amount = field.value === '' ? 'invalid' : field.value;
  const demo = userAccountType === 'demo';
  const rows = summaryRows(product, orderId, amount, lang, t);

  const submit = () => {
    sheet.setFormError('');
    if (field.check() !== null) sheet.show();
  };
  const confirm = (tradePassword: string) =>
    void sheet.send(
      (requestId) => sendOrder(product.id, orderId, amount, tradePassword, requestId),
      orderId ? { order: orderId, amount } : { id: product.id, amount },
    );

  const what = <WhatHappens adding={orderId !== null} />;
  const words = orderPasswordWords(t);
  return (
    <div className="ai-stack">
      {demo && (
        // A demo account cannot buy: it says so and offers the real account.
        <DemoNotice
          className="notice-card ai-notice"
          text={t('order.demo')}
          label={t('order.switch_real')}
          testId="ai"
        />
      )}
      <PasswordForm
        sheet={sheet}
        onSubmit={submit}
        noPassword={{
          ...words.noPassword,
          className: 'notice-card ai-notice',
          testId: 'ai-no-password',
        }}
        submit={{ label: t('order.submit'), testId: 'ai-submit', disabled: demo }}
        errorTestId="ai-error"
        confirm={{ ...words.sheet, rows, costs: what, onConfirm: confirm, testId: 'ai-confirm' }}
      >
        <AmountField
          field={field}
          onEdit={() => sheet.setFormError('')}
          label={t('order.amount')}
          testId="ai-amount-input"
          hint={t('order.amount_hint', { min: formatTry(product.minAmount, lang) })}
          available={{
            text: t('order.available', { amount: formatTry(available, lang) }),
            testId: 'ai-available',
          }}
        />
        <section className="ai-block" aria-label={t('order.summary')}>
          <h2 className="section-title">{t('order.summary')}</h2>
          <FigureRows rows={rows} testId="ai-summary" />
          {what}
        </section>
      </PasswordForm>
    </div>
  );
}
