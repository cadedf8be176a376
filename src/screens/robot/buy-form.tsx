import Decimal from 'decimal.js';
import { useState } from 'react';
import { useTranslation } from '../../i18n-hook';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import type { Robot, RobotOrder } from '../../../domain/protocol/robots';
import { applyRobot } from '../../api/robots';
import { RequestIntent } from '../../api/request-id';
import { TextField } from '../../components/form/text-field';
import { PasswordForm, useNoTradePassword } from '../../components/trade/password-form';
import { usePasswordConfirm } from '../../components/trade/use-password-confirm';
import { prefs } from '../../state/prefs';
import type { Locale } from '../../../domain/format/locale';
import { amountText, share, usdt, usdtFigure } from './format';
import { serverNow } from '../../api/server-clock';
import { DAY_MS } from '../../../domain/time';

/**
 * The form's own checks, the server's rules (server/robots/buy.ts), before the sheet opens; the
 * limits in the user's number format, as the hint under the field writes them ("5.000,00").
 */
function check(
  robot: Robot,
  amount: string,
  days: number,
  available: string,
  t: (k: string, o?: object) => string,
  lang: Locale,
) {
  if (amount === '' || amount === 'invalid') return { amount: t('buy.invalid_amount') };
  const a = new Decimal(amount);
  if (a.lt(robot.minCapital))
    return { amount: t('errors:ROBOT_BELOW_STARTUP_CAPITAL', { min: usdtFigure(robot.minCapital, lang) }) };
  if (a.gt(robot.maxCapital))
    return { amount: t('errors:ROBOT_ABOVE_SINGLE_LIMIT', { max: usdtFigure(robot.maxCapital, lang) }) };
  if (a.gt(available)) return { amount: t('errors:INSUFFICIENT_BALANCE') };
  if (!Number.isInteger(days)) return { days: t('buy.invalid_days') };
  if (days < robot.lockDaysMin || days > robot.lockDaysMax)
    return { days: t('errors:ROBOT_DAYS_OUT_OF_RANGE', { min: robot.lockDaysMin, max: robot.lockDaysMax }) };
  return null;
}

/**
 * Amount and lock-in days, checked as the server checks them; then the confirm sheet states every
 * cost and condition — fee per trade, the withholding on profit, the early-stop penalty, that the
 * result can be a loss — before the trade password locks the capital.
 */
export function BuyForm({
  robot,
  available,
  onBought,
  onRefused,
}: {
  robot: Robot;
  available: string;
  onBought: (order: RobotOrder) => void;
  onRefused: () => void;
}) {
  const { t } = useTranslation(['robot', 'errors']);
  const { lang } = useSnapshot(prefs);
  const noPassword = useNoTradePassword();
  const [amountInput, setAmountInput] = useState('');
  const [daysInput, setDaysInput] = useState(String(robot.lockDaysMin));
  const [errors, setErrors] = useState<{ amount?: string; days?: string }>({});
  // A retry of the same buy after a lost answer must not lock the capital twice.
  const [intent] = useState(() => new RequestIntent('robot-order'));
  const sheet = usePasswordConfirm({ onDone: onBought, onRefused });

  const amount = amountText(amountInput, lang);
  const days = /^\d{1,3}$/.test(daysInput) ? Number(daysInput) : NaN;
  const ok = amount !== '' && amount !== 'invalid';
  const penalty = ok ? new Decimal(amount).times(robot.penaltyRate).toFixed() : null;
  const rows = [
    {
      label: t('buy.robot'),
      value: `${t('level', { level: robot.level })} · ${t(`strategy.${robot.strategy}.name`)}`,
    },
    { label: t('buy.capital'), value: usdt(ok ? amount : null, lang), testId: 'robot-sheet-capital' },
    { label: t('buy.period'), value: t('buy.days_value', { days }) },
    {
      label: t('buy.ends'),
      value: formatDateTime(serverNow() + (Number.isNaN(days) ? 0 : days) * DAY_MS, lang),
    },
  ];
  const costs = (
    <ul className="ipo-notice" data-testid="robot-sheet-costs" aria-label={t('buy.costs')}>
      <li>{t('buy.fee_line', { rate: share(robot.feeRate, lang) })}</li>
      <li data-testid="robot-sheet-tax">
        {t('buy.tax_line', { rate: share(robot.taxRate, lang, false, 0) })}
      </li>
      <li data-testid="robot-sheet-penalty">
        {t('buy.penalty_line', { rate: share(robot.penaltyRate, lang), amount: usdt(penalty, lang) })}
      </li>
      <li>{t('buy.risk_line')}</li>
    </ul>
  );
  const submit = () => {
    sheet.setFormError('');
    // Keys of two namespaces chosen at run time: the typed t cannot name them statically.
    const text = t as unknown as (key: string, options?: object) => string;
    const refusal = check(robot, amount, days, available, text, lang);
    setErrors(refusal ?? {});
    if (!refusal) sheet.show();
  };
  const confirm = (tradePassword: string) =>
    void sheet.send(() =>
      applyRobot(
        {
          action: 'buy',
          robotId: robot.id,
          amount,
          days: String(days),
          tradePassword,
          requestId: intent.idFor({ robotId: robot.id, amount, days: String(days) }),
        },
        { silent: true },
      ).then((order) => {
        intent.done();
        return order;
      }),
    );
  return (
    <section className="ipo-block" aria-label={t('buy.title')}>
      <h2 className="ipo-block__title">{t('buy.title')}</h2>
      <PasswordForm
        sheet={sheet}
        onSubmit={submit}
        noPassword={{
          show: noPassword,
          text: t('buy.password_missing'),
          setLabel: t('buy.password_set'),
          className: 'ipo-notice',
          testId: 'robot-no-password',
        }}
        submit={{ label: t('buy.submit'), testId: 'robot-buy-submit', disabled: robot.paused }}
        errorTestId="robot-buy-error"
        confirm={{
          title: t('buy.sheet_title'),
          rows,
          costs,
          passwordLabel: t('buy.password_label'),
          passwordHint: t('buy.password_hint'),
          confirmLabel: t('buy.confirm'),
          onConfirm: confirm,
          testId: 'robot-confirm',
        }}
      >
        <TextField
          label={t('buy.amount')}
          value={amountInput}
          onValueChange={(text) => {
            setAmountInput(text);
            setErrors({});
          }}
          inputMode="decimal"
          autoComplete="off"
          className="num"
          testId="robot-amount"
          error={errors.amount}
          hint={`${t('buy.amount_hint', { min: usdt(robot.minCapital, lang), max: usdt(robot.maxCapital, lang) })} ${t('buy.available', { amount: usdt(available, lang) })}`}
        />
        <TextField
          label={t('buy.days')}
          value={daysInput}
          onValueChange={(text) => {
            setDaysInput(text);
            setErrors({});
          }}
          inputMode="numeric"
          autoComplete="off"
          className="num"
          testId="robot-days"
          error={errors.days}
          hint={t('buy.days_hint', { min: robot.lockDaysMin, max: robot.lockDaysMax })}
        />
      </PasswordForm>
    </section>
  );
}
