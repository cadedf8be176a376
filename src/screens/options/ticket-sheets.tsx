import type { OptionPosition, OptionRule } from '../../../domain/protocol/options';
import { BuySheet, type PendingBuy } from './buy-sheet';
import { BoughtSheet } from './result-sheets';

/** The ticket's confirm sheet while a purchase waits, then the bought sheet once it went through. */
export function TicketSheets({
  rule,
  pending,
  bought,
  onBought,
  onCloseBought,
  onShowPositions,
  // The refusal and the cancel: the buy sheet's own, passed on unchanged.
  ...buy
}: {
  rule: OptionRule;
  pending: PendingBuy | null;
  bought: OptionPosition | null;
  onBought: (position: OptionPosition) => void;
  onRefused: (message: string, key?: string) => void;
  onCancel: () => void;
  onCloseBought: () => void;
  onShowPositions: () => void;
}) {
  return (
    <>
      {pending && <BuySheet rule={rule} pending={pending} onDone={onBought} {...buy} />}
      {bought && <BoughtSheet position={bought} onClose={onCloseBought} onShowPositions={onShowPositions} />}
    </>
  );
}
