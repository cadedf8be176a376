import { useRef, useState } from 'react';
import { useTranslation } from '../../i18n-hook';
import { useSnapshot } from 'valtio';
import { contractEndpoints } from '../../../domain/protocol/endpoints/contracts';
import { call } from '../../api/call';
import { newClientOrderId } from '../../api/client-order-id';
import { isApiError } from '../../api/request';
import { useErrorText } from '../../components/content/state-views';
import { showToast } from '../../services/toast';
import { account } from '../../state/account';
import { isFinalRefusal, RequestIntent } from '../../state/request-intent';
import type { OpenIntent } from './preview-rows';

/** A refusal the user fixes inside the sheet rather than a final answer. */
const PASSWORD_KEYS: ReadonlySet<string> = new Set([
  'TRADE_PASSWORD_INCORRECT',
  'TRADE_PASSWORD_FORMAT',
  'TRADE_PASSWORD_REQUIRED',
]);

/**
 * Opening a position: the risk question, the confirmation and the send, once per intent (one
 * client order id per position the user means). `refresh` re-reads what an open or refusal changes.
 */
export function useContractOpen(refresh: () => void) {
  const { t } = useTranslation('contract');
  const { profile } = useSnapshot(account);
  const errorText = useErrorText();
  const [intent, setIntent] = useState<OpenIntent | null>(null);
  const [askRisk, setAskRisk] = useState<OpenIntent | null>(null);
  const [riskAccepted, setRiskAccepted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [opened, setOpened] = useState(0);
  // Set at once, unlike `busy`: a second send while the first is in flight is dropped.
  const inFlight = useRef(false);
  const [orderIds] = useState(() => new RequestIntent('contract-order', newClientOrderId));
  const [sendError, setSendError] = useState('');
  // Asked for by the server although the profile said no (it changed elsewhere): ask from now on.
  const [askPassword, setAskPassword] = useState(false);
  const needPassword = (profile?.confirmOrdersWithTradePassword ?? false) || askPassword;
  const confirmOpen = (chosen: OpenIntent) => {
    // One client order id per position the user means: a retry after a lost answer, even from the
    // sheet opened again with the same terms, never opens a second position.
    setIntent({ ...chosen, request: { ...chosen.request, clientOrderId: orderIds.idFor(chosen.request) } });
  };

  async function send(chosen: OpenIntent, tradePassword: string | undefined, accepted: boolean) {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setSendError('');
    try {
      await call(
        contractEndpoints.add,
        { ...chosen.request, ...(accepted ? {} : { acceptRisk: '1' }), tradePassword },
        { silent: true },
      );
      orderIds.done();
      setRiskAccepted(true);
      setIntent(null);
      setOpened((n) => n + 1);
      showToast(t('ticket.opened'));
      refresh();
    } catch (error) {
      if (isApiError(error) && error.key === 'TRADE_PASSWORD_REQUIRED') setAskPassword(true);
      if (isApiError(error) && error.kind === 'business' && !PASSWORD_KEYS.has(error.key ?? '')) {
        // A final refusal (balance, limits, a moved price): the sheet shows it; the ticket re-reads.
        // One whose outcome is unknown (REQUEST_IN_PROGRESS, TRADING_UNCONFIRMED) keeps the id: the
        // position may be open, and the same terms confirmed again must not open a second one.
        if (isFinalRefusal(error)) orderIds.done();
        refresh();
      }
      if (!isApiError(error) || error.kind !== 'session') setSendError(errorText(error));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  const cancel = () => {
    setIntent(null);
    setSendError('');
  };
  return {
    intent,
    askRisk,
    setAskRisk,
    riskAccepted,
    busy,
    opened,
    sendError,
    needPassword,
    confirmOpen,
    send,
    cancel,
  };
}
