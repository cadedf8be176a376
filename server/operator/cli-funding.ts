import type { Command } from './command';
import type { Flags } from './cli-flags';

/** The funding lines of the CLI's usage. */
export const FUNDING_USAGE = `  deposits [--status pending|success|failed] [--limit N] [--json]
  deposit receipt <depositId>   (an offline deposit's receipt image, base64)
  deposit approve <depositId>
  deposit reject <depositId> --reason "…"
  withdrawals [--status pending|success|failed|cancelled] [--limit N] [--json]
  withdrawal approve <withdrawalId> [--tx-hash H]
  withdrawal reject <withdrawalId> --reason "…"
  chain confirm <txHash>
  chain credit <chain> <address> <currency> <amount> --tx-hash H`;

const str = (flags: Flags, name: string): string | undefined => {
  const v = flags.get(name);
  return typeof v === 'string' ? v : undefined;
};

function listFields(flags: Flags): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of ['status', 'limit']) {
    const v = str(flags, name);
    if (v !== undefined) fields[name] = v;
  }
  return fields;
}

/** The funding commands (deciding deposits and withdrawals); null when the words are not one. */
export function parseFundingCommand(
  words: readonly string[],
  flags: Flags,
  json: boolean,
): Command | { error: string } | null {
  const [first, second, ...rest] = words;
  const reason = str(flags, 'reason');
  switch (first) {
    case 'deposits':
    case 'withdrawals':
      return { path: first, fields: listFields(flags), json };
    case 'deposit':
    case 'withdrawal': {
      const id = rest[0];
      if (first === 'deposit' && second === 'receipt')
        return id ? { path: 'deposit-receipt', fields: { id }, json } : { error: 'missing <depositId>' };
      if (second !== 'approve' && second !== 'reject')
        return { error: `unknown command: ${first} ${second ?? ''}` };
      if (!id) return { error: `missing <${first}Id>` };
      if (second === 'reject' && reason === undefined) return { error: 'missing --reason' };
      const fields: Record<string, string> = { id };
      if (reason !== undefined && second === 'reject') fields.reason = reason;
      const txHash = str(flags, 'tx-hash');
      if (txHash !== undefined && first === 'withdrawal') fields.txHash = txHash;
      return { path: `${first}-${second}`, fields, json };
    }
    case 'chain': {
      const txHash = second === 'confirm' ? rest[0] : str(flags, 'tx-hash');
      if (second === 'confirm')
        return txHash ? { path: 'chain-confirm', fields: { txHash }, json } : { error: 'missing <txHash>' };
      if (second !== 'credit') return { error: `unknown command: chain ${second ?? ''}` };
      const [chain, address, currency, amount] = rest;
      if (!chain || !address || !currency || !amount)
        return { error: 'missing <chain> <address> <currency> <amount>' };
      if (!txHash) return { error: 'missing --tx-hash' };
      return { path: 'chain-credit', fields: { chain, address, currency, amount, txHash }, json };
    }
    default:
      return null;
  }
}
