import { useState } from 'react';
import type { OptionPosition } from '../../../domain/protocol/options';
import { riskCheckHref } from '../../paths/paths';
import type { PendingBuy } from './buy-sheet';

/**
 * A purchase from the ticket: the confirmation waiting, the position bought, the refusal said on
 * the form; the stock balance re-read after every answer (it moved).
 */
export function useTicketPurchase(refreshAssets: () => void, onShowPositions: () => void, symbol: string) {
  const [formError, setFormError] = useState('');
  // A first option before the risk check is passed: the way to the check on this purchase.
  const [checkHref, setCheckHref] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingBuy | null>(null);
  const [bought, setBought] = useState<OptionPosition | null>(null);
  const sheets = {
    pending,
    bought,
    onBought: (position: OptionPosition) => {
      setPending(null);
      setBought(position);
      refreshAssets();
    },
    onRefused: (message: string, key?: string) => {
      // The sheet's money action has ended the intent if the refusal was the purchase's answer
      // (not one such as REQUEST_IN_PROGRESS, after which the purchase may have gone through).
      if (key === 'RISK_CHECK_REQUIRED' && pending) {
        const { kind, strike, expiresAt } = pending.pick;
        const terms = { symbol, optionKind: kind, strike, expiresAt: String(expiresAt) };
        setCheckHref(
          riskCheckHref({ kind: 'option', ...terms, contracts: String(pending.contracts) }, 'option'),
        );
      } else setCheckHref(null);
      setPending(null);
      setFormError(message);
      refreshAssets();
    },
    onCancel: () => setPending(null),
    onCloseBought: () => setBought(null),
    onShowPositions: () => {
      setBought(null);
      onShowPositions();
    },
  };
  return { formError, setFormError, checkHref, confirm: setPending, sheets };
}
