import { useState } from 'react';
import { formatDecimal } from '../../../domain/format/number';
import { contractEndpoints } from '../../../domain/protocol/endpoints/contracts';
import { NAMED_IDS_MAX } from '../../../domain/protocol/trading';
import { call } from '../../api/call';
import { useMoneyAction } from '../../components/form/use-money-action';
import { useTranslation } from '../../i18n/hook';
import { showToast } from '../../services/toast';
import { prefs } from '../../state/prefs';
import type { ContractPosition } from '../../../domain/protocol/contracts';
import type { CloseTarget } from './close-confirm-sheet';

/** Closes the named positions, a call for each `NAMED_IDS_MAX` of them; how many closed and were gone. */
async function closeNamed(ids: readonly string[]): Promise<{ closed: number; gone: number }> {
  let closed = 0;
  let gone = 0;
  for (let at = 0; at < ids.length; at += NAMED_IDS_MAX) {
    const answer = await call(contractEndpoints.liquidateAll, {
      ids: ids.slice(at, at + NAMED_IDS_MAX).join(','),
    });
    closed += answer.closed.length;
    gone += answer.gone.length;
  }
  return { closed, gone };
}

/** Closing one position or all: the target awaiting confirmation and the send (one per confirmation). */
export function useClosePositions(onChanged: () => void) {
  const { t } = useTranslation('contract');
  const [closing, setClosing] = useState<CloseTarget | null>(null);
  // One send per confirmation: a second tap while it is out is dropped.
  const action = useMoneyAction();
  // Nothing is sent until the sheet's confirm. A refusal is said by the request's own toast.
  // `quantity`: the part the sheet's slider took; none closes the whole position.
  async function close(target: CloseTarget, quantity?: string) {
    const outcome = await action.run(async () => {
      if (target.kind === 'one' && quantity !== undefined) {
        const rest = await call(contractEndpoints.close, { id: target.id, quantity });
        const decimals = quantity.includes('.') ? quantity.length - quantity.indexOf('.') - 1 : 0;
        const qty = formatDecimal(quantity, prefs.lang, { decimals });
        showToast(t('positions.closed_part', { qty, symbol: rest.symbol }));
      } else if (target.kind === 'one') {
        await call(contractEndpoints.close, { id: target.id });
        showToast(t('positions.closed'));
      } else {
        // Only what the sheet named: a position opened meanwhile (another device) stays open.
        const { closed, gone } = await closeNamed(target.ids);
        const goneText = gone > 0 ? ` ${t('positions.closed_all_gone', { count: gone })}` : '';
        showToast(t('positions.closed_all', { count: closed }) + goneText);
      }
    });
    // A second tap, or a session that ended (the app signs out): nothing more to do here.
    if (outcome.status === 'ignored') return;
    setClosing(null);
    onChanged();
  }
  return { closing, setClosing, busy: action.busy, close };
}

/** Close all of these: the positions open at the tap, the only ones its confirm names and closes. */
export const allOf = (open: readonly ContractPosition[]): CloseTarget => ({
  kind: 'all',
  ids: open.map((p) => p.id),
});

/**
 * What a confirmation closes, as the list now stands: a position closed meanwhile drops out, one
 * opened meanwhile is not added (the sheet names what the tap found).
 */
export function closingNow(
  closing: CloseTarget | null,
  open: readonly ContractPosition[],
): readonly ContractPosition[] {
  if (!closing) return [];
  return closing.kind === 'one'
    ? open.filter((p) => p.id === closing.id)
    : open.filter((p) => closing.ids.includes(p.id));
}
