import { useEffect, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { isApiError } from '../../api/request';
import { useTranslation } from '../../i18n-hook';
import { account, loadProfile } from '../../state/account';
import { prefs } from '../../state/prefs';
import { session } from '../../state/session';
import { useErrorText } from '../content/state-views';
import { FormAlert, SubmitButton } from '../form/submit-button';
import { TextField } from '../form/text-field';
import { ConfirmSheet } from './confirm-sheet';
import { FigureRows, type FigureRow } from './figure-rows';
import { lotsSignError, lotsText, typedLots } from './lots-text';

const TRADE_PASSWORD_PATH = '/pages/user/tradePassword';
/** Refusals about the password: the sheet stays open for another try. */
const PASSWORD_KEYS = new Set([
  'TRADE_PASSWORD_INCORRECT',
  'TRADE_PASSWORD_REQUIRED',
  'TRADE_PASSWORD_FORMAT',
]);

export type LotsOrderTexts = {
  lots: string;
  hint: ReactNode;
  summary: string;
  submit: string;
  sheetTitle: string;
  passwordLabel: string;
  passwordHint: string;
  confirm: string;
  passwordMissing: string;
  passwordSet: string;
};

/**
 * The primary market's order form (IPO and offline applications, block purchases): lots in the
 * user's locale, the summary recomputed as they type, the domain's own checks (`check`, the
 * server's rules) before the trade password is asked for (DECISIONS §3: it confirms
 * subscriptions and purchases), then the confirmation sheet. The server decides; its refusal is
 * shown by its key's words — in the sheet when it is about the password, else on the form, and
 * `onRefused` re-reads what may have changed.
 */
export function LotsOrderForm<T>({
  texts,
  summary,
  check,
  send,
  onDone,
  onRefused,
  note,
}: {
  texts: LotsOrderTexts;
  summary: (lots: bigint | null) => FigureRow[];
  /** The refusal in the user's words, or null. `lotsText`: canonical, '' or 'invalid'. */
  check: (lotsText: string) => string | null;
  send: (lots: bigint, tradePassword: string) => Promise<T>;
  onDone: (result: T) => void;
  onRefused: () => void;
  /** Shown under the summary and in the sheet (a lock-up warning). */
  note?: ReactNode;
}) {
  const { t } = useTranslation();
  const { lang } = useSnapshot(prefs);
  const { userToken } = useSnapshot(session);
  const { profile } = useSnapshot(account);
  const errorText = useErrorText();
  const [input, setInput] = useState('');
  const [inputError, setInputError] = useState('');
  const [formError, setFormError] = useState('');
  const [sheetOpen, setSheetOpen] = useState(false);
  const [sheetError, setSheetError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void loadProfile();
  }, [userToken]);

  const lots = typedLots(input, lang);
  const rows = summary(lots);
  const noPassword = profile?.tradePasswordSet === false;

  const submit = () => {
    setFormError('');
    const sign = lotsSignError(input, lang);
    const refusal = sign ? t(sign.key, { ns: 'errors' }) : check(lotsText(input, lang));
    if (refusal !== null) {
      setInputError(refusal);
      return;
    }
    setInputError('');
    setSheetError('');
    setSheetOpen(true);
  };

  const confirm = async (tradePassword: string | undefined) => {
    if (lots === null) return;
    setBusy(true);
    setSheetError('');
    try {
      const result = await send(lots, tradePassword ?? '');
      setSheetOpen(false);
      onDone(result);
    } catch (error) {
      if (isApiError(error) && error.kind === 'session') return;
      if (isApiError(error) && error.key !== undefined && PASSWORD_KEYS.has(error.key))
        setSheetError(errorText(error));
      else {
        setSheetOpen(false);
        setFormError(errorText(error));
        onRefused();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="ipo-stack">
      {noPassword && (
        <div className="ipo-notice" role="note" data-testid="order-no-password">
          <p>{texts.passwordMissing}</p>
          <Link
            href={TRADE_PASSWORD_PATH}
            className="button button--secondary"
            data-testid="order-set-password"
          >
            {texts.passwordSet}
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
          label={texts.lots}
          value={input}
          onValueChange={(text) => {
            setInput(text);
            setInputError('');
            setFormError('');
          }}
          inputMode="numeric"
          autoComplete="off"
          className="num"
          testId="order-lots-input"
          error={inputError || undefined}
          hint={texts.hint}
        />
        <section className="ipo-block" aria-label={texts.summary}>
          <h2 className="ipo-block__title">{texts.summary}</h2>
          <FigureRows rows={rows} testId="order-summary" />
        </section>
        {note}
        <FormAlert message={formError} testId="order-error" />
        <SubmitButton busy={busy} disabled={noPassword} testId="order-submit">
          {texts.submit}
        </SubmitButton>
      </form>
      {sheetOpen && (
        <ConfirmSheet
          title={texts.sheetTitle}
          rows={rows}
          costs={note ?? null}
          needPassword
          password={{ label: texts.passwordLabel, hint: texts.passwordHint }}
          tone="buy"
          confirmLabel={texts.confirm}
          busy={busy}
          error={sheetError}
          onConfirm={(pin) => void confirm(pin)}
          onCancel={() => setSheetOpen(false)}
          testId="order-confirm"
        />
      )}
    </div>
  );
}
