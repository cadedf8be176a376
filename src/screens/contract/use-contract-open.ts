import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { contractEndpoints } from '../../../domain/protocol/endpoints/contracts';
import { call } from '../../api/call';
import { newClientOrderId } from '../../api/client-order-id';
import { isApiError } from '../../api/request';
import { isPasswordRefusal, useMoneyAction } from '../../components/form/use-money-action';
import { showToast } from '../../services/toast';
import { account } from '../../state/account';
import type { OpenIntent } from './preview-rows';
import { riskCheckHref } from '../../paths/paths';

/**
 * Opening a position: the risk question, the confirmation and the send, a money action (one at a
 * time; one client order id per position the user means, so a retry after a lost answer, even
 * from the sheet opened again with the same terms, never opens a second position). `refresh`
 * re-reads what an open or refusal changes.
 */
export function useContractOpen(refresh: () => void) {
  const { t } = useTranslation('contract');
  const { profile } = useSnapshot(account);
  const [intent, setIntent] = useState<OpenIntent | null>(null);
  const [askRisk, setAskRisk] = useState<OpenIntent | null>(null);
  const [riskAccepted, setRiskAccepted] = useState(false);
  const [opened, setOpened] = useState(0);
  // Above 5× before the risk check is passed: the way to the check on this position.
  const [checkHref, setCheckHref] = useState<string | null>(null);
  // Asked for by the server although the profile said no (it changed elsewhere): ask from now on.
  const action = useMoneyAction({ form: 'contract-order', newId: newClientOrderId, passwordSheet: true });
  const needPassword = (profile?.confirmOrdersWithTradePassword ?? false) || action.askPassword;
  const confirmOpen = (chosen: OpenIntent) => {
    action.setError('');
    setCheckHref(null);
    setIntent(chosen);
  };

  async function send(chosen: OpenIntent, tradePassword: string | undefined, accepted: boolean) {
    const outcome = await action.run(
      (clientOrderId) =>
        call(
          contractEndpoints.add,
          { ...chosen.request, clientOrderId, ...(accepted ? {} : { acceptRisk: '1' }), tradePassword },
          { silent: true },
        ),
      chosen.request,
    );
    if (outcome.status === 'done') {
      setRiskAccepted(true);
      setIntent(null);
      setOpened((n) => n + 1);
      showToast(t('ticket.opened'));
      refresh();
    } else if (
      outcome.status === 'refused' &&
      isApiError(outcome.error) &&
      outcome.error.key === 'RISK_CHECK_REQUIRED'
    ) {
      const { symbol, side, leverage } = chosen.request;
      const margin = chosen.request.margin ?? chosen.preview.cost.margin.toFixed();
      setIntent(null);
      setCheckHref(
        riskCheckHref({ kind: 'leverage', symbol, side, leverage: String(leverage), margin }, 'trade'),
      );
    } else if (
      outcome.status === 'refused' &&
      isApiError(outcome.error) &&
      outcome.error.kind === 'business' &&
      !isPasswordRefusal(outcome.error)
    ) {
      // A refusal (balance, limits, a moved price, or one whose outcome is unknown): the sheet
      // shows it and the ticket re-reads what it may have changed.
      refresh();
    }
  }

  const cancel = () => {
    setIntent(null);
    action.setError('');
  };
  return {
    intent,
    askRisk,
    setAskRisk,
    riskAccepted,
    busy: action.busy,
    opened,
    checkHref,
    sendError: action.error,
    needPassword,
    confirmOpen,
    send,
    cancel,
  };
}
