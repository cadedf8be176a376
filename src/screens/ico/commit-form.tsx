import type { TFunction } from 'i18next';
import { useTranslation } from '../../i18n/hook';
import type { Locale } from '../../../domain/format/locale';
import { useSnapshot } from 'valtio';
import { checkIcoCommit } from '../../../domain/ipo/ico';
import type { Ico, IcoCommitment } from '../../../domain/protocol/ico';
import { icoEndpoints } from '../../../domain/protocol/endpoints/ico';
import { call } from '../../api/call';
import { AmountField } from '../../components/form/amount-field';
import { useAmountField } from '../../components/form/use-amount-field';
import { formatAmount } from '../../../domain/format/display';
import { USDT_SCALE } from '../../../domain/format/money';
import { orderPasswordWords, PasswordForm } from '../../components/trade/password-form';
import { FigureRows } from '../../components/trade/figure-rows';
import { usePasswordConfirm } from '../../components/trade/use-password-confirm';
import { prefs } from '../../state/prefs';
import { commitErrorText, commitSummary } from './commit-summary';
import { formatUsdt } from './ico-format';
import { serverNow } from '../../api/server-clock';

/**
 * The commitment form: USDT in the user's locale, the pro-rata estimate recomputed as they type,
 * the same checks as the server (domain/ipo/ico) before the trade password is asked for, then the
 * confirmation sheet. The server decides; its refusal is shown by its key's words.
 */
export function CommitForm({
  ico,
  available,
  onCommitted,
  onRefused,
}: {
  ico: Ico;
  /** The coin account's free USDT. */
  available: string;
  onCommitted: (commitment: IcoCommitment) => void;
  /** The sale may have changed (closed, already committed): re-read it. */
  onRefused: () => void;
}) {
  const { t } = useTranslation('ico');
  const { lang } = useSnapshot(prefs);
  const sheet = usePasswordConfirm({ onDone: onCommitted, onRefused });
  const field = useAmountField({
    decimals: USDT_SCALE,
    unit: 'USDT',
    min: ico.minCommit,
    max: ico.maxCommit,
    available,
  });

  const amount = field.value;
  const rows = commitSummary(ico, amount, t, lang);

  const submit = () => {
    sheet.setFormError('');
    const value = field.check();
    if (value === null) return;
    // The amount passed the domain's amount rule; the sale's window is the sale's own check.
    const refusal = saleRefusal(ico, value, available);
    if (refusal) {
      field.setError(commitErrorText(refusal, amount, t, lang));
      return;
    }
    field.setError('');
    sheet.show();
  };

  const confirm = (tradePassword: string) =>
    void sheet.send(() => call(icoEndpoints.commit, { id: ico.id, amount, tradePassword }, { silent: true }));

  const hint = amountHint(ico, t, lang);
  const words = orderPasswordWords(t);
  return (
    <div className="ipo-stack">
      <PasswordForm
        sheet={sheet}
        onSubmit={submit}
        noPassword={{
          ...words.noPassword,
          className: 'notice-card',
          testId: 'commit-no-password',
          linkTestId: 'commit-set-password',
        }}
        submit={{ label: t('order.submit'), testId: 'commit-submit' }}
        errorTestId="commit-error"
        confirm={{ ...words.sheet, rows, costs: null, onConfirm: confirm, testId: 'commit-confirm' }}
      >
        <AmountField
          field={field}
          onEdit={() => sheet.setFormError('')}
          label={t('order.amount')}
          testId="commit-amount-input"
          hint={hint}
          available={{
            text: t('order.available', { amount: formatAmount(available, 'USDT', lang) }),
            testId: 'commit-available',
          }}
        />
        <CommitSummary rows={rows} />
      </PasswordForm>
    </div>
  );
}

/** The sale's own checks on an amount that passed the amount rule: its window, limits and the balance. */
function saleRefusal(ico: Ico, value: string, available: string) {
  return checkIcoCommit(value, {
    t: serverNow(),
    window: { start: ico.subscribeStart, end: ico.closedAt ?? ico.subscribeEnd },
    min: ico.minCommit,
    max: ico.maxCommit,
    committed: '0',
    available,
  });
}

/** The sale's minimum, and its maximum when it has one. */
function amountHint(ico: Ico, t: TFunction<'ico'>, lang: Locale): string {
  return ico.maxCommit === null
    ? t('order.amount_hint_min', { min: formatUsdt(ico.minCommit, lang) })
    : t('order.amount_hint', { min: formatUsdt(ico.minCommit, lang), max: formatUsdt(ico.maxCommit, lang) });
}

/** What the commitment comes to, as typed: an estimate until the allocation. */
function CommitSummary({ rows }: { rows: ReturnType<typeof commitSummary> }) {
  const { t } = useTranslation('ico');
  return (
    <section className="ipo-block" aria-label={t('order.summary')}>
      <h2 className="section-title">{t('order.summary')}</h2>
      <FigureRows rows={rows} testId="commit-summary" />
      <p className="hint">{t('order.estimate_note')}</p>
    </section>
  );
}
