import type { RiskCheckStartRequest } from '../../../domain/protocol/learn';
import { paths } from '../../paths/paths';

/** The position the check asks about, read from the screen's query; null when it names none. */
export function startFromQuery(search: string): RiskCheckStartRequest | null {
  const q = new URLSearchParams(search);
  const get = (name: string) => q.get(name) ?? '';
  if (get('kind') === 'leverage' && get('symbol') && get('leverage') && get('margin')) {
    const side = get('side') === 'short' ? 'short' : 'long';
    return {
      kind: 'leverage',
      symbol: get('symbol'),
      side,
      leverage: get('leverage'),
      margin: get('margin'),
    };
  }
  if (get('kind') === 'option' && get('symbol') && get('strike') && get('expiresAt')) {
    const optionKind = get('optionKind') === 'put' ? 'put' : 'call';
    return {
      kind: 'option',
      symbol: get('symbol'),
      optionKind,
      strike: get('strike'),
      expiresAt: get('expiresAt'),
      contracts: get('contracts') || '1',
    };
  }
  return null;
}

/** Where the check returns to once passed: the ticket it was opened from (riskCheckHref's `back`). */
export function backFromQuery(search: string): string | null {
  const back = new URLSearchParams(search).get('back');
  return back === 'trade' ? paths.trade : back === 'option' ? paths.option : null;
}
