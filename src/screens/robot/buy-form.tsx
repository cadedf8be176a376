import Decimal from 'decimal.js';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import type { Robot, RobotOrder } from '../../../domain/protocol/robots';
import { robotEndpoints } from '../../../domain/protocol/endpoints/robots';
import { call } from '../../api/call';
import { AmountField } from '../../components/form/amount-field';
import { useAmountField, type AmountFieldState } from '../../components/form/use-amount-field';
import { formatAmount } from '../../../domain/format/display';
import { USDT_SCALE } from '../../../domain/format/money';
import { PasswordForm } from '../../components/trade/password-form';
import { usePasswordConfirm } from '../../components/trade/use-password-confirm';
import { prefs } from '../../state/prefs';
import { share, usdt } from './format';
import { serverNow } from '../../api/server-clock';
import { DAY_MS } from '../../../domain/time';

/** The lock-in days' check, the server's rule (server/robots/buy.ts), before the sheet opens. */
function daysProblem(robot: Robot, days: number, t: (k: string, o?: object) => string): string {
  if (!Number.isInteger(days)) return t('buy.invalid_days');
  if (days < robot.lockDaysMin || days > robot.lockDaysMax)
    return t('errors:ROBOT_DAYS_OUT_OF_RANGE', { min: robot.lockDaysMin, max: robot.lockDaysMax });
  return '';
}

/** What the sheet states of the purchase: which robot, the capital, the period and its end. */
function useSheetRows(robot: Robot, amount: string | null, days: number) {
  const { t } = useTranslation('robot');
  const { lang } = useSnapshot(prefs);
  return [
    {
      label: t('buy.robot'),
      value: `${t('level', { level: robot.level })} · ${t(`strategy.${robot.strategy}.name`)}`,
    },
    { label: t('buy.capital'), value: usdt(amount, lang), testId: 'robot-sheet-capital' },
    { label: t('buy.period'), value: t('buy.days_value', { days, count: Number(days) }) },
    {
      label: t('buy.ends'),
      value: formatDateTime(serverNow() + (Number.isNaN(days) ? 0 : days) * DAY_MS, lang),
    },
  ];
}

/** Every cost and condition before the capital is locked, the penalty in USDT for this amount. */
function CostLines({ robot, penalty }: { robot: Robot; penalty: string | null }) {
  const { t } = useTranslation('robot');
  const { lang } = useSnapshot(prefs);
  return (
    <ul className="notice-card" data-testid="robot-sheet-costs" aria-label={t('buy.costs')}>
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
}

function DaysField({ robot, field }: { robot: Robot; field: AmountFieldState }) {
  const { t } = useTranslation('robot');
  return (
    <AmountField
      field={field}
      label={t('buy.days')}
      testId="robot-days"
      hint={t('buy.days_hint', { min: robot.lockDaysMin, max: robot.lockDaysMax })}
    />
  );
}

/**
 * The lock-in days on the one amount field (whole days: "1,5" or "-7" is named, never read as 15
 * or 7), as a number (NaN when there is none to read).
 */
function useDaysInput(robot: Robot) {
  const { t } = useTranslation('robot');
  const field = useAmountField({ decimals: 0, unit: t('buy.days') }, String(robot.lockDaysMin));
  return { field, days: /^\d{1,3}$/.test(field.value) ? Number(field.value) : NaN };
}

function sendBuy(robotId: string, amount: string, days: number, tradePassword: string, requestId: string) {
  return call(
    robotEndpoints.buy,
    { action: 'buy', robotId, amount, days: String(days), tradePassword, requestId },
    { silent: true },
  );
}

function CapitalField({
  field,
  robot,
  available,
}: {
  field: AmountFieldState;
  robot: Robot;
  available: string;
}) {
  const { t } = useTranslation('robot');
  const { lang } = useSnapshot(prefs);
  return (
    <AmountField
      field={field}
      label={t('buy.amount')}
      testId="robot-amount"
      hint={t('buy.amount_hint', { min: usdt(robot.minCapital, lang), max: usdt(robot.maxCapital, lang) })}
      available={{
        text: t('buy.available', { amount: formatAmount(available, 'USDT', lang) }),
        testId: 'robot-available',
      }}
    />
  );
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
  const field = useAmountField({
    decimals: USDT_SCALE,
    unit: 'USDT',
    min: robot.minCapital,
    max: robot.maxCapital,
    available,
  });
  const lock = useDaysInput(robot);
  // A retry of the same buy after a lost answer must not lock the capital twice.
  const sheet = usePasswordConfirm({ onDone: onBought, onRefused, form: 'robot-order' });

  const amount = field.value;
  const days = lock.days;
  const ok = amount !== '' && new Decimal(amount).gt(0);
  const rows = useSheetRows(robot, ok ? amount : null, days);
  const costs = (
    <CostLines robot={robot} penalty={ok ? new Decimal(amount).times(robot.penaltyRate).toFixed() : null} />
  );
  const submit = () => {
    sheet.setFormError('');
    // Keys of two namespaces chosen at run time: the typed t cannot name them statically.
    const text = t as unknown as (key: string, options?: object) => string;
    const value = field.check();
    // A text the days field cannot read says so under it already.
    if (lock.field.problem) return;
    const wrongDays = value === null ? '' : daysProblem(robot, days, text);
    lock.field.setError(wrongDays);
    if (value !== null && wrongDays === '') sheet.show();
  };
  const confirm = (tradePassword: string) =>
    void sheet.send((requestId) => sendBuy(robot.id, amount, days, tradePassword, requestId), {
      robotId: robot.id,
      amount,
      days: String(days),
    });
  return (
    <section className="ipo-block" aria-label={t('buy.title')}>
      <h2 className="section-title">{t('buy.title')}</h2>
      <PasswordForm
        sheet={sheet}
        onSubmit={submit}
        noPassword={{
          text: t('buy.password_missing'),
          setLabel: t('buy.password_set'),
          className: 'notice-card',
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
        <CapitalField field={field} robot={robot} available={available} />
        <DaysField robot={robot} field={lock.field} />
      </PasswordForm>
    </section>
  );
}
