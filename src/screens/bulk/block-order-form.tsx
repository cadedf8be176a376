import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { formatDateTime } from '../../../domain/format/date';
import { checkBlockOrder, lockupEnd } from '../../../domain/ipo/block';
import type { BlockDetail, BlockOrder } from '../../../domain/protocol/bulk';
import { buyBlock } from '../../api/bulk';
import { isApiError } from '../../api/request';
import { useErrorText } from '../../components/content/state-views';
import { FormAlert, SubmitButton } from '../../components/form/submit-button';
import { TextField } from '../../components/form/text-field';
import { ConfirmSheet } from '../../components/trade/confirm-sheet';
import { FigureRows } from '../../components/trade/figure-rows';
import { lotsText, typedLots } from '../../components/trade/lots-text';
import { formatLots, formatTry } from '../../components/trade/primary-format';
import { account, loadProfile } from '../../state/account';
import { prefs } from '../../state/prefs';
import { session } from '../../state/session';
import { blockErrorText, blockSummary, contextOfBlock, termsOfBlock } from './block-terms';

const TRADE_PASSWORD_PATH = '/pages/user/tradePassword';
/** Refusals about the password: the sheet stays open for another try. */
const PASSWORD_KEYS = new Set([
  'TRADE_PASSWORD_INCORRECT',
  'TRADE_PASSWORD_REQUIRED',
  'TRADE_PASSWORD_FORMAT',
]);

/**
 * The purchase form: lots in the user's locale, the summary (price, total with costs, lock-up
 * end) recomputed as they type, domain/ipo/block's checks before the trade password is asked
 * for, then the confirmation sheet. The price shown is sent along, so the server refuses
 * (BLOCK_PRICE_CHANGED) rather than charging a price the user never saw.
 */
export function BlockOrderForm({
  block,
  available,
  onBought,
  onRefused,
}: {
  block: BlockDetail;
  available: string;
  onBought: (order: BlockOrder) => void;
  onRefused: () => void;
}) {
  const { t } = useTranslation('bulk');
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
  const unlockAt = lockupEnd(Date.now(), block.lockupDays);
  const rows = blockSummary(block, lots, unlockAt, t, lang);
  const noPassword = profile?.tradePasswordSet === false;
  const warning = t('order.lockup_warning', { date: formatDateTime(unlockAt, lang) });

  const submit = () => {
    setFormError('');
    const refusal = checkBlockOrder(
      lotsText(input, lang),
      termsOfBlock(block),
      contextOfBlock(block, available, Date.now()),
    );
    if (refusal) {
      setInputError(blockErrorText(refusal, t, lang));
      return;
    }
    setInputError('');
    setSheetError('');
    setSheetOpen(true);
  };

  const confirm = async (tradePassword: string | undefined) => {
    if (lots === null || block.price === null) return;
    setBusy(true);
    setSheetError('');
    try {
      const order = await buyBlock(
        { id: block.id, lots: lots.toString(), price: block.price, tradePassword: tradePassword ?? '' },
        { silent: true },
      );
      setSheetOpen(false);
      onBought(order);
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
                min: formatLots(block.minLots, lang),
                max: formatLots(block.maxLots, lang),
                shares: formatLots(block.lotSize, lang),
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
        <p className="bulk-warning" role="note" data-testid="order-lockup-warning">
          {warning}
        </p>
        <FormAlert message={formError} testId="order-error" />
        <SubmitButton busy={busy} disabled={noPassword} testId="order-submit">
          {t('order.submit')}
        </SubmitButton>
      </form>
      {sheetOpen && (
        <ConfirmSheet
          title={t('order.sheet_title')}
          rows={rows}
          costs={<p className="bulk-warning">{warning}</p>}
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
