import './texts';
import { useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/hook';
import { PinField, PIN_LENGTH } from '../form/pin-field';
import { BottomSheet } from './bottom-sheet';
import { FigureRows, type FigureRow } from './figure-rows';
import { Button } from '../button';

export type ConfirmSheetProps = {
  title: string;
  /** A sentence above the rows (what the action does, in words). */
  lead?: ReactNode;
  /** What is being ordered: instrument, side, type, quantity, price… */
  rows: readonly FigureRow[];
  /** The cost breakdown (CostBreakdown) or, for contracts, margin and liquidation price. */
  costs: ReactNode;
  /** The profile's confirmOrdersWithTradePassword (DECISIONS §3): ask for the 6 digits. */
  needPassword: boolean;
  /** Another 6-digit password than the trade password (a withdrawal's), with its own words. */
  password?: { label: string; hint: string };
  /** Buy / long paint the button green, sell / short red; neutral (close all) the primary blue. */
  tone: 'buy' | 'sell' | 'neutral';
  confirmLabel: string;
  busy: boolean;
  /**
   * The figures just changed under the user's finger (a re-priced premium): confirm waits until
   * they have been seen, so the second tap of a double-tap cannot accept figures never read.
   */
  hold?: boolean;
  /** A refusal to show inside the sheet (localized), or ''. */
  error: string;
  onConfirm: (tradePassword: string | undefined) => void;
  onCancel: () => void;
  testId?: string;
};

/** What a screen's confirm sheet passes through as it is: the password ask, progress and answers. */
export type ConfirmSheetState = Pick<
  ConfirmSheetProps,
  'needPassword' | 'busy' | 'error' | 'onConfirm' | 'onCancel'
>;

/**
 * The last look before money moves (DESIGN.md): the order, its costs and, when the user asked
 * for it, the trade password; confirm sits at the bottom, in thumb reach.
 */
export function ConfirmSheet({
  title,
  lead,
  rows,
  costs,
  needPassword,
  password: passwordText,
  tone,
  confirmLabel,
  busy,
  hold = false,
  error,
  onConfirm,
  onCancel,
  testId = 'confirm-sheet',
}: ConfirmSheetProps) {
  const { t } = useTranslation('trade');
  const [password, setPassword] = useState('');
  const passwordReady = !needPassword || password.length === PIN_LENGTH;
  // `busy` arrives a render late: a second tap (or Enter) in that gap would send the order twice.
  // One confirmation sends once; it is re-armed only when a send has finished without closing it,
  // in the commit that shows the refusal: a passive effect could run after the user's next tap,
  // which was then ignored (seen as a flaky retry test on a loaded machine).
  const sent = useRef(false);
  useLayoutEffect(() => {
    if (!busy) sent.current = false;
  }, [busy]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || hold || sent.current || !passwordReady) return;
    sent.current = true;
    onConfirm(needPassword ? password : undefined);
  };
  // Without a password to type, the sheet itself takes focus, not the confirm button: the second
  // Enter of a double press (the first opened the sheet) placed the order unseen. WAI-ARIA's
  // dialog pattern: not on the irreversible action when it completes a financial transaction.
  return (
    <BottomSheet title={title} onClose={onCancel} testId={testId} locked={busy}>
      <form className="sheet__form" onSubmit={submit} noValidate>
        {lead}
        {rows.length > 0 && <FigureRows rows={rows} label={title} testId={`${testId}-summary`} />}
        {costs}
        {needPassword && (
          <PinField
            label={passwordText?.label ?? t('sheet.trade_password')}
            value={password}
            onValueChange={setPassword}
            testId={`${testId}-password`}
            hint={passwordText?.hint ?? t('sheet.trade_password_hint')}
            data-autofocus
          />
        )}
        {error !== '' && (
          <p className="sheet__error" role="alert" data-testid={`${testId}-error`}>
            {error}
          </p>
        )}
        <SheetActions
          testId={testId}
          tone={tone}
          busy={busy}
          ready={!hold && passwordReady}
          confirmLabel={confirmLabel}
          onCancel={onCancel}
        />
      </form>
    </BottomSheet>
  );
}

/** Cancel and confirm, side by side at the bottom; confirm says "sending" while the order goes. */
function SheetActions({
  testId,
  tone,
  busy,
  ready,
  confirmLabel,
  onCancel,
}: Pick<ConfirmSheetProps, 'tone' | 'busy' | 'confirmLabel' | 'onCancel'> & {
  testId: string;
  ready: boolean;
}) {
  const { t } = useTranslation('trade');
  return (
    <div className="sheet__actions">
      <Button testId={`${testId}-cancel`} disabled={busy} onClick={onCancel}>
        {t('action.cancel', { ns: 'common' })}
      </Button>
      <button
        type="submit"
        className={
          tone === 'neutral' ? 'button button--primary' : `button sheet__confirm sheet__confirm--${tone}`
        }
        data-testid={`${testId}-submit`}
        disabled={busy || !ready}
        aria-busy={busy || undefined}
      >
        {busy ? t('sheet.sending') : confirmLabel}
      </button>
    </div>
  );
}

/** Where a confirm step stands (usePasswordConfirm, the exchange's quote flow). */
export type PasswordSheetState = { busy: boolean; sheetError: string; close: () => void };

type Props = Omit<
  ConfirmSheetProps,
  'needPassword' | 'password' | 'busy' | 'error' | 'onConfirm' | 'onCancel'
> & {
  /** Which 6-digit password, and why this step asks for it. */
  password: { label: string; hint: string };
  sheet: PasswordSheetState;
  onConfirm: (pin: string) => void;
};

/**
 * A confirm sheet that always asks for the password, whatever the profile's "confirm orders"
 * setting: money leaves for a product (a loan, a subscription, an exchange), not for an order.
 */
export function PasswordConfirmSheet({ sheet, onConfirm, ...sheetProps }: Props) {
  return (
    <ConfirmSheet
      {...sheetProps}
      needPassword
      busy={sheet.busy}
      error={sheet.sheetError}
      onConfirm={(pin) => onConfirm(pin ?? '')}
      onCancel={sheet.close}
    />
  );
}
