import type { ReactNode } from 'react';
import { parseLots } from '../../../domain/ipo/lots';
import { AmountField } from '../form/amount-field';
import { useAmountField } from '../form/use-amount-field';
import { FigureRows, type FigureRow } from './figure-rows';
import { FundingHint } from './funding-hint';
import { PasswordForm } from './password-form';
import { usePasswordConfirm } from './use-password-confirm';
import { paths } from '../../paths/paths';

/** What the lots field counts, named when a fraction is typed ("lot tam sayı olmalıdır"). */
const LOT_UNIT = 'lot';

/** Every primary-market purchase here is paid from the stock account's lira. */
const DEPOSIT_PATH = paths.recharge;

export type LotsOrderTexts = {
  lots: string;
  hint: string;
  /** The free balance, in words: "Kullanılabilir bakiye: ₺5.000,00". */
  available: string;
  summary: string;
  submit: string;
  sheetTitle: string;
  passwordLabel: string;
  passwordHint: string;
  confirm: string;
  passwordMissing: string;
  passwordSet: string;
  /** No free cash: where it comes from ("… önce para yatırın" and the deposit link's label). */
  noCash: string;
  deposit: string;
};

/** Words of the form that each primary-market namespace (ipo, bulk) has under these keys. */
type OrderWordKey =
  | 'order.lots'
  | 'order.available'
  | 'order.summary'
  | 'order.submit'
  | 'order.sheet_title'
  | 'order.password_label'
  | 'order.password_hint'
  | 'order.confirm'
  | 'order.password_missing'
  | 'order.password_set'
  | 'order.no_cash'
  | 'order.deposit';

/** The form's words from the namespace's `order.*` keys, but the hint; `available`: formatted. */
export function lotsOrderTexts(
  t: (key: OrderWordKey, params?: { amount: string }) => string,
  available: string,
): Omit<LotsOrderTexts, 'hint'> {
  return {
    lots: t('order.lots'),
    available: t('order.available', { amount: available }),
    summary: t('order.summary'),
    submit: t('order.submit'),
    sheetTitle: t('order.sheet_title'),
    passwordLabel: t('order.password_label'),
    passwordHint: t('order.password_hint'),
    confirm: t('order.confirm'),
    passwordMissing: t('order.password_missing'),
    passwordSet: t('order.password_set'),
    noCash: t('order.no_cash'),
    deposit: t('order.deposit'),
  };
}

export type LotsOrderFormProps<T> = {
  texts: LotsOrderTexts;
  summary: (lots: bigint | null) => FigureRow[];
  /** The refusal in the user's words, or null. `lotsText`: canonical, or '' when empty. */
  check: (lotsText: string) => string | null;
  /** `requestId`: the intent's, when the form names one (`intent`); '' otherwise. */
  send: (lots: bigint, tradePassword: string, requestId: string) => Promise<T>;
  /**
   * When a retry after a lost answer must buy once: the form's name and what one intent is (a
   * block's id and lots, not its price) — state/request-intent.ts.
   */
  intent?: { form: string; values: (lots: bigint) => Readonly<Record<string, string>> };
  onDone: (result: T) => void;
  onRefused: () => void;
  /** Shown under the summary and in the sheet (a lock-up warning). */
  note?: ReactNode;
  /** Nothing free to pay with: the way to a deposit beside the balance, not only a refusal. */
  noCash?: boolean;
};

/**
 * The primary market's order form (IPO and offline applications, block purchases): lots in the
 * user's locale, the summary recomputed as they type, the domain's own checks (`check`, the
 * server's rules) before the trade password is asked for (DECISIONS §3: it confirms
 * subscriptions and purchases), then the confirmation sheet (./password-form). The server
 * decides; its refusal is shown by its key's words — in the sheet when it is about the password,
 * else on the form, and `onRefused` re-reads what may have changed.
 */
export function LotsOrderForm<T>({
  texts,
  summary,
  check,
  send,
  intent,
  onDone,
  onRefused,
  note,
  noCash = false,
}: LotsOrderFormProps<T>) {
  const sheet = usePasswordConfirm({ onDone, onRefused, ...(intent ? { form: intent.form } : {}) });
  // Lots are whole: a fraction is named at the field ("1,5" is never 15).
  const field = useAmountField({ decimals: 0, unit: LOT_UNIT });

  const lots = parseLots(field.value);
  const rows = summary(lots);

  const submit = () => {
    sheet.setFormError('');
    // What the field cannot read is said under it already: no confirm opens on it.
    if (field.problem) return;
    // The offering's own rules (minimum, multiples, the balance) in its words, as the server's.
    const refusal = check(field.value);
    field.setError(refusal ?? '');
    if (refusal === null) sheet.show();
  };

  return (
    <div className="ipo-stack">
      <PasswordForm
        sheet={sheet}
        onSubmit={submit}
        noPassword={{
          text: texts.passwordMissing,
          setLabel: texts.passwordSet,
          className: 'notice-card',
          testId: 'order-no-password',
          linkTestId: 'order-set-password',
        }}
        submit={{ label: texts.submit, testId: 'order-submit' }}
        errorTestId="order-error"
        confirm={{
          title: texts.sheetTitle,
          rows,
          costs: note ?? null,
          passwordLabel: texts.passwordLabel,
          passwordHint: texts.passwordHint,
          confirmLabel: texts.confirm,
          onConfirm: (tradePassword) => {
            if (lots !== null)
              void sheet.send((requestId) => send(lots, tradePassword, requestId), intent?.values(lots));
          },
          testId: 'order-confirm',
        }}
      >
        <AmountField
          field={field}
          onEdit={() => sheet.setFormError('')}
          label={texts.lots}
          testId="order-lots-input"
          hint={texts.hint}
          available={{ text: texts.available, testId: 'order-available' }}
        />
        {noCash && (
          <FundingHint text={texts.noCash} href={DEPOSIT_PATH} label={texts.deposit} testId="order-no-cash" />
        )}
        <section className="ipo-block" aria-label={texts.summary}>
          <h2 className="section-title">{texts.summary}</h2>
          <FigureRows rows={rows} testId="order-summary" />
        </section>
        {note}
      </PasswordForm>
    </div>
  );
}
