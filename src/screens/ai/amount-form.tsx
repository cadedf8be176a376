import Decimal from 'decimal.js';
import { useState } from 'react';
import { useTranslation } from '../../i18n-hook';
import { useSnapshot } from 'valtio';
import type { AiOrderDetails, AiProductInfo } from '../../../domain/protocol/ai-products';
import { stockCosts } from '../../../domain/rules/costs';
import { addAiAmount, buyAiProduct } from '../../api/ai-products';
import { RequestIntent } from '../../api/request-id';
import { TextField } from '../../components/form/text-field';
import { PasswordForm, useNoTradePassword } from '../../components/trade/password-form';
import { FigureRows, type FigureRow } from '../../components/trade/figure-rows';
import { usePasswordConfirm } from '../../components/trade/use-password-confirm';
import { prefs } from '../../state/prefs';
import { session } from '../../state/session';
import { amountText, formatTry, productTitle } from './ai-format';

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
  const noPassword = useNoTradePassword();
  const [input, setInput] = useState('');
  const [inputError, setInputError] = useState('');
  // A retry of the same buy after a lost answer must not buy twice.
  const [intent] = useState(() => new RequestIntent('ai-order'));
  const sheet = usePasswordConfirm({ onDone, onRefused });

  const amount = amountText(input, lang);
  const demo = userAccountType === 'demo';
  const rows: FigureRow[] = [
    { label: t('order.product'), value: productTitle(product, t) },
    ...(orderId ? [{ label: t('order.order'), value: `#${orderId}` }] : []),
    {
      label: t('order.amount'),
      value: formatTry(amount === '' || amount === 'invalid' ? null : amount, lang),
      tone: 'strong',
    },
    {
      // The buys' commission, BSMV and exchange fee at the stock order rates, before money moves.
      label: t('order.costs_estimate'),
      value:
        amount === '' || amount === 'invalid'
          ? formatTry(null, lang)
          : `≈\u00a0${formatTry(stockCosts(amount, product.costs).total, lang)}`,
      testId: 'ai-costs-estimate',
    },
    { label: t('order.from'), value: t('order.from_value') },
  ];

  const submit = () => {
    sheet.setFormError('');
    if (amount === '' || amount === 'invalid') return setInputError(t('order.invalid'));
    if (new Decimal(amount).lt(product.minAmount))
      return setInputError(t('order.below_min', { min: formatTry(product.minAmount, lang) }));
    if (new Decimal(amount).gt(available))
      return setInputError(t('order.above_available', { amount: formatTry(available, lang) }));
    setInputError('');
    sheet.show();
  };
  const confirm = (tradePassword: string) =>
    void sheet.send(() =>
      orderId
        ? addAiAmount(
            { id: orderId, amount, tradePassword, requestId: intent.idFor({ order: orderId, amount }) },
            { silent: true },
          ).then((added) => {
            intent.done();
            return added;
          })
        : buyAiProduct(
            {
              action: 'buy',
              id: product.id,
              amount,
              tradePassword,
              requestId: intent.idFor({ id: product.id, amount }),
            },
            { silent: true },
          ).then((bought) => {
            intent.done();
            return bought;
          }),
    );

  const what = (
    <div className="ai-what">
      <p>{orderId ? t('order.what_add') : t('order.what_buy')}</p>
      <p className="hint">{t('order.costs_note')}</p>
      <p className="hint">{t('risk.body')}</p>
    </div>
  );
  return (
    <div className="ai-stack">
      {demo && (
        <p className="ai-notice" role="note" data-testid="ai-demo">
          {t('order.demo')}
        </p>
      )}
      <PasswordForm
        sheet={sheet}
        onSubmit={submit}
        noPassword={{
          show: noPassword,
          text: t('order.password_missing'),
          setLabel: t('order.password_set'),
          className: 'ai-notice',
          testId: 'ai-no-password',
        }}
        submit={{ label: t('order.submit'), testId: 'ai-submit', disabled: demo }}
        errorTestId="ai-error"
        confirm={{
          title: t('order.sheet_title'),
          rows,
          costs: what,
          passwordLabel: t('order.password_label'),
          passwordHint: t('order.password_hint'),
          confirmLabel: t('order.confirm'),
          onConfirm: confirm,
          testId: 'ai-confirm',
        }}
      >
        <TextField
          label={t('order.amount')}
          value={input}
          onValueChange={(text) => {
            setInput(text);
            setInputError('');
            sheet.setFormError('');
          }}
          inputMode="decimal"
          autoComplete="off"
          className="num"
          testId="ai-amount-input"
          error={inputError || undefined}
          hint={
            <>
              {t('order.amount_hint', { min: formatTry(product.minAmount, lang) })}{' '}
              <span data-testid="ai-available">
                {t('order.available', { amount: formatTry(available, lang) })}
              </span>
            </>
          }
        />
        <section className="ai-block" aria-label={t('order.summary')}>
          <h2 className="ai-block__title">{t('order.summary')}</h2>
          <FigureRows rows={rows} testId="ai-summary" />
          {what}
        </section>
      </PasswordForm>
    </div>
  );
}
