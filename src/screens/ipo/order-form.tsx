import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { checkIpoApply } from '../../../domain/ipo/apply';
import type { IpoApplication, IpoDetail } from '../../../domain/protocol/ipo';
import { applyForIpo } from '../../api/ipo';
import { isApiError } from '../../api/request';
import { useErrorText } from '../../components/content/state-views';
import { FormAlert, SubmitButton } from '../../components/form/submit-button';
import { TextField } from '../../components/form/text-field';
import { ConfirmSheet } from '../../components/trade/confirm-sheet';
import { FigureRows } from '../../components/trade/figure-rows';
import { account, loadProfile } from '../../state/account';
import { prefs } from '../../state/prefs';
import { session } from '../../state/session';
import { termsOf } from './ipo-figures';
import { formatLots, formatTry } from '../../components/trade/primary-format';
import { lotsText, typedLots } from '../../components/trade/lots-text';
import { ipoErrorText } from './lots-input';
import { orderSummary } from './order-summary';

const TRADE_PASSWORD_PATH = '/pages/user/tradePassword';
/** Refusals about the password: the sheet stays open for another try. */
const PASSWORD_KEYS = new Set([
  'TRADE_PASSWORD_INCORRECT',
  'TRADE_PASSWORD_REQUIRED',
  'TRADE_PASSWORD_FORMAT',
]);

/**
 * The application form: lots in the user's locale, the summary recomputed as they type, the
 * same checks as the server (domain/ipo/apply) before the trade password is asked for, then
 * the confirmation sheet. The server decides; its refusal is shown by its key's words.
 */
export function OrderForm({
  ipo,
  available,
  onApplied,
  onRefused,
}: {
  ipo: IpoDetail;
  /** The stock account's free TRY. */
  available: string;
  onApplied: (application: IpoApplication) => void;
  /** The IPO may have changed (closed, already applied): re-read it. */
  onRefused: () => void;
}) {
  const { t } = useTranslation('ipo');
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
  const rows = orderSummary(ipo, lots, t, lang);
  const noPassword = profile?.tradePasswordSet === false;

  const submit = () => {
    setFormError('');
    const refusal = checkIpoApply(lotsText(input, lang), {
      t: Date.now(),
      window: ipo,
      mode: ipo.paymentMode,
      terms: termsOf(ipo),
      limits: { minLots: BigInt(ipo.minLots), maxLots: BigInt(ipo.maxLots) },
      alreadyApplied: ipo.applied === true,
      available,
    });
    if (refusal) {
      setInputError(ipoErrorText(refusal, t, lang));
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
      const application = await applyForIpo(
        { id: ipo.id, lots: lots.toString(), tradePassword: tradePassword ?? '' },
        { silent: true },
      );
      setSheetOpen(false);
      onApplied(application);
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
          <p>{t('order.password_missing')}</p>
          <Link
            href={TRADE_PASSWORD_PATH}
            className="button button--secondary"
            data-testid="order-set-password"
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
          label={t('order.lots')}
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
          hint={
            <>
              {t('order.lots_hint', {
                min: formatLots(ipo.minLots, lang),
                max: formatLots(ipo.maxLots, lang),
                shares: formatLots(ipo.lotSize, lang),
              })}{' '}
              <span data-testid="order-available">
                {t('order.available', { amount: formatTry(available, lang) })}
              </span>
            </>
          }
        />
        <section className="ipo-block" aria-label={t('order.summary')}>
          <h2 className="ipo-block__title">{t('order.summary')}</h2>
          <FigureRows rows={rows} testId="order-summary" />
        </section>
        <FormAlert message={formError} testId="order-error" />
        <SubmitButton busy={busy} disabled={noPassword} testId="order-submit">
          {t('order.submit')}
        </SubmitButton>
      </form>
      {sheetOpen && (
        <ConfirmSheet
          title={t('order.sheet_title')}
          rows={rows}
          costs={null}
          needPassword
          password={{ label: t('order.password_label'), hint: t('order.password_hint') }}
          tone="buy"
          confirmLabel={t('order.confirm')}
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
