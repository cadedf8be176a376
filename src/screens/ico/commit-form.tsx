import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { checkIcoCommit } from '../../../domain/ipo/ico';
import type { Ico, IcoCommitment } from '../../../domain/protocol/ico';
import { commitToIco } from '../../api/ico';
import { FormAlert, SubmitButton } from '../../components/form/submit-button';
import { TextField } from '../../components/form/text-field';
import { ConfirmSheet } from '../../components/trade/confirm-sheet';
import { FigureRows } from '../../components/trade/figure-rows';
import { usePasswordConfirm } from '../../components/trade/use-password-confirm';
import { account, loadProfile } from '../../state/account';
import { prefs } from '../../state/prefs';
import { session } from '../../state/session';
import { commitErrorText, commitSummary } from './commit-summary';
import { amountText, formatUsdt } from './ico-format';

const TRADE_PASSWORD_PATH = '/pages/user/tradePassword';

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
  const { userToken } = useSnapshot(session);
  const { profile } = useSnapshot(account);
  const [input, setInput] = useState('');
  const [inputError, setInputError] = useState('');
  const sheet = usePasswordConfirm({ onDone: onCommitted, onRefused });

  useEffect(() => {
    void loadProfile();
  }, [userToken]);

  const amount = amountText(input, lang);
  const rows = commitSummary(ico, amount, t, lang);
  const noPassword = profile?.tradePasswordSet === false;

  const submit = () => {
    sheet.setFormError('');
    if (amount === '') {
      setInputError(commitErrorText({ key: 'FIELD_REQUIRED' }, amount, t, lang));
      return;
    }
    const refusal = checkIcoCommit(amount === 'invalid' ? 'x' : amount, {
      t: Date.now(),
      window: { start: ico.subscribeStart, end: ico.closedAt ?? ico.subscribeEnd },
      min: ico.minCommit,
      max: ico.maxCommit,
      committed: '0',
      available,
    });
    if (refusal) {
      setInputError(commitErrorText(refusal, amount, t, lang));
      return;
    }
    setInputError('');
    sheet.show();
  };

  const confirm = (tradePassword: string | undefined) =>
    void sheet.send(() =>
      commitToIco({ id: ico.id, amount, tradePassword: tradePassword ?? '' }, { silent: true }),
    );

  const hint =
    ico.maxCommit === null
      ? t('order.amount_hint_min', { min: formatUsdt(ico.minCommit, lang) })
      : t('order.amount_hint', {
          min: formatUsdt(ico.minCommit, lang),
          max: formatUsdt(ico.maxCommit, lang),
        });
  return (
    <div className="ipo-stack">
      {noPassword && (
        <div className="ipo-notice" role="note" data-testid="commit-no-password">
          <p>{t('order.password_missing')}</p>
          <Link
            href={TRADE_PASSWORD_PATH}
            className="button button--secondary"
            data-testid="commit-set-password"
          >
            {t('order.password_set')}
          </Link>
        </div>
      )}
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
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
          testId="commit-amount-input"
          error={inputError || undefined}
          hint={
            <>
              {hint}{' '}
              <span data-testid="commit-available">
                {t('order.available', { amount: formatUsdt(available, lang) })}
              </span>
            </>
          }
        />
        <section className="ipo-block" aria-label={t('order.summary')}>
          <h2 className="ipo-block__title">{t('order.summary')}</h2>
          <FigureRows rows={rows} testId="commit-summary" />
          <p className="hint">{t('order.estimate_note')}</p>
        </section>
        <FormAlert message={sheet.formError} testId="commit-error" />
        <SubmitButton busy={sheet.busy} disabled={noPassword} testId="commit-submit">
          {t('order.submit')}
        </SubmitButton>
      </form>
      {sheet.open && (
        <ConfirmSheet
          title={t('order.sheet_title')}
          rows={rows}
          costs={null}
          needPassword
          password={{ label: t('order.password_label'), hint: t('order.password_hint') }}
          tone="buy"
          confirmLabel={t('order.confirm')}
          busy={sheet.busy}
          error={sheet.sheetError}
          onConfirm={confirm}
          onCancel={sheet.close}
          testId="commit-confirm"
        />
      )}
    </div>
  );
}
