import { useEffect, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import type { OptionPosition } from '../../../domain/protocol/options';
import { isApiError } from '../../api/request';
import { useErrorText } from '../../components/content/state-views';
import { ConfirmSheet } from '../../components/trade/confirm-sheet';
import type { FigureRow } from '../../components/trade/figure-rows';
import { account, loadProfile } from '../../state/account';

/**
 * How long a re-priced sheet refuses a confirmation: longer than a double-tap or a burst of taps
 * on a slow answer (the audit's second tap landed 30–500 ms after the new premium appeared and
 * bought at it, +4.6 % to +9.6 %), short enough not to be in the way of a deliberate one.
 */
export const REPRICE_HOLD_MS = 1200;

/** Refusals the user fixes inside the sheet (a mistyped or missing trade password). */
const PASSWORD_KEYS: ReadonlySet<string> = new Set([
  'TRADE_PASSWORD_INCORRECT',
  'TRADE_PASSWORD_FORMAT',
  'TRADE_PASSWORD_REQUIRED',
]);

type Props = {
  title: string;
  rows: readonly FigureRow[];
  costs: ReactNode;
  tone: 'buy' | 'sell';
  confirmLabel: string;
  send: (tradePassword: string | undefined) => Promise<OptionPosition>;
  onDone: (position: OptionPosition) => void;
  /** A final refusal, in words: the sheet closes and the ticket shows it. */
  onRefused: (message: string) => void;
  /**
   * OPTION_PRICE_CHANGED: re-price (the caller updates `rows`) and answer the words to show; the
   * sheet stays open so the user confirms the new figures, or cancels.
   */
  onPriceChanged: () => Promise<string>;
  onCancel: () => void;
  testId: string;
};

/**
 * The confirmation of a buy or a close: every figure, the trade password when the user turned on
 * order confirmation (DECISIONS §3; asked for anyway if the server says it is needed), then the
 * server's answer. Refusals are shown by their key's words.
 */
export function OptionSheet(props: Props) {
  const { send, onDone, onRefused, onPriceChanged } = props;
  const { profile, profileStatus } = useSnapshot(account);
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [askPassword, setAskPassword] = useState(false);
  const [repricedAt, setRepricedAt] = useState(0);
  const hold = repricedAt > 0;

  useEffect(() => {
    if (!repricedAt) return;
    const timer = setTimeout(() => setRepricedAt(0), REPRICE_HOLD_MS);
    return () => clearTimeout(timer);
  }, [repricedAt]);

  useEffect(() => {
    if (profileStatus === 'idle') void loadProfile();
  }, [profileStatus]);

  const confirm = async (tradePassword: string | undefined) => {
    setBusy(true);
    setError('');
    try {
      onDone(await send(tradePassword));
    } catch (caught) {
      if (isApiError(caught) && caught.kind === 'session') return;
      const key = isApiError(caught) ? caught.key : undefined;
      if (key === 'TRADE_PASSWORD_REQUIRED') setAskPassword(true);
      if (key === 'OPTION_PRICE_CHANGED') {
        setError(await onPriceChanged());
        setRepricedAt(Date.now());
      } else if (isApiError(caught) && caught.kind === 'business' && !PASSWORD_KEYS.has(key ?? ''))
        onRefused(errorText(caught));
      // A lost answer or a password to retype: stay, so the same figures can be confirmed again.
      else setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmSheet
      title={props.title}
      rows={props.rows}
      costs={props.costs}
      needPassword={profile?.confirmOrdersWithTradePassword === true || askPassword}
      tone={props.tone}
      confirmLabel={props.confirmLabel}
      busy={busy}
      hold={hold}
      error={error}
      onConfirm={(password) => void confirm(password)}
      onCancel={props.onCancel}
      testId={props.testId}
    />
  );
}
