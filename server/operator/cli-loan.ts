import type { Command } from './command';
import type { Flags } from './cli-flags';

/** The loan lines of the CLI's usage. */
export const LOAN_USAGE = `  loans [--status review|offered|active|repaying|repaid|rejected] [--limit N] [--json]
  loan approve <loanId> [--amount TRY]   (another amount is offered; the user must accept it)
  loan reject <loanId> --reason "…"
  loan repayment approve <loanId>
  loan repayment reject <loanId> [--reason "…"]
  chats [--user ID] [--limit N] [--json]   (conversations, or one user's messages)
  chat reply <userId> "text"`;

const value = (flags: Flags, name: string) => {
  const v = flags.get(name);
  return typeof v === 'string' ? v : undefined;
};

/** The loan commands; null when the words are not one. */
export function parseLoanCommand(
  words: readonly string[],
  flags: Flags,
  json: boolean,
): Command | { error: string } | null {
  const [first, second, third, fourth] = words;
  if (first === 'chats') {
    const fields: Record<string, string> = {};
    for (const name of ['user', 'limit']) {
      const v = value(flags, name);
      if (v !== undefined) fields[name] = v;
    }
    return { path: 'chats', fields, json };
  }
  if (first === 'chat') {
    if (second !== 'reply') return { error: `unknown command: chat ${second ?? ''}` };
    if (!third) return { error: 'missing <userId>' };
    if (!fourth) return { error: 'missing "text"' };
    return { path: 'chat-reply', fields: { userId: third, text: words.slice(3).join(' ') }, json };
  }
  if (first === 'loans') {
    const fields: Record<string, string> = {};
    for (const name of ['status', 'limit']) {
      const v = value(flags, name);
      if (v !== undefined) fields[name] = v;
    }
    return { path: 'loans', fields, json };
  }
  if (first !== 'loan') return null;
  if (second === 'approve' || second === 'reject') {
    if (!third) return { error: 'missing <loanId>' };
    if (second === 'approve') {
      const amount = value(flags, 'amount');
      return { path: 'loan-approve', fields: { id: third, ...(amount ? { amount } : {}) }, json };
    }
    const reason = value(flags, 'reason');
    if (!reason) return { error: 'missing --reason' };
    return { path: 'loan-reject', fields: { id: third, reason }, json };
  }
  if (second === 'repayment') {
    if (third !== 'approve' && third !== 'reject') return { error: 'loan repayment approve|reject <loanId>' };
    if (!fourth) return { error: 'missing <loanId>' };
    const reason = value(flags, 'reason');
    return {
      path: 'loan-repayment',
      fields: { id: fourth, decision: third, ...(reason ? { reason } : {}) },
      json,
    };
  }
  return { error: `unknown command: loan ${second ?? ''}` };
}
