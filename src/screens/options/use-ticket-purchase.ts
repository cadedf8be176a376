import { useState } from 'react';
import type { OptionPosition } from '../../../domain/protocol/options';
import { RequestIntent } from '../../state/request-intent';
import type { PendingBuy } from './buy-sheet';

/**
 * A purchase from the ticket: the confirmation waiting, the position bought, the refusal said on
 * the form; the stock balance re-read after every answer (it moved).
 */
export function useTicketPurchase(refreshAssets: () => void, onShowPositions: () => void) {
  const [formError, setFormError] = useState('');
  const [pending, setPending] = useState<PendingBuy | null>(null);
  const [bought, setBought] = useState<OptionPosition | null>(null);
  // One requestId per purchase: a confirmation again after a lost answer buys once. The premium
  // is not part of the intent: a re-priced retry of a purchase that did go through is refused
  // (REQUEST_ID_REUSED, "check your records") instead of buying a second position.
  const [intent] = useState(() => new RequestIntent('option-order'));
  const sheets = {
    pending,
    bought,
    intent,
    onBought: (position: OptionPosition) => {
      intent.done();
      setPending(null);
      setBought(position);
      refreshAssets();
    },
    onRefused: (message: string) => {
      // The sheet has ended the intent if the refusal was the purchase's answer (not one
      // such as REQUEST_IN_PROGRESS, after which the purchase may have gone through).
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
  return { formError, setFormError, confirm: setPending, sheets };
}
