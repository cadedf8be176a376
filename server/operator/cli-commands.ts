import type { Command } from './command';
import { FUNDING_USAGE, parseFundingCommand } from './cli-funding';
import { ICO_USAGE, parseIcoCommand } from './cli-ico';
import { IPO_USAGE, parseIpoCommand } from './cli-ipo';
import { BLOCK_USAGE, parseBlockCommand } from './cli-bulk';
// robots
import { parseRobotCommand, ROBOT_USAGE } from './cli-robot';
// Loans and support chat.
import { LOAN_USAGE, parseLoanCommand } from './cli-loan';
// — membership —
import { parseVoteCommand, VOTE_USAGE } from './cli-vote';

/** Turns the CLI's words into an operator API call; pure, so it is tested without a server. */

export type { Command } from './command';

export const USAGE = `Usage: npm run operator -- <command> [options]   (PORT and DATA_DIR find the running server)

  create-user [--account A] [--password P] [--kyc approved [--name "Ad Soyad"]] [--json]
  users [--limit N] [--json]
  ledger verify [--json]   (the books: every transaction balanced, balances equal to their entries, none negative)
  user disable <userId>
  kyc list [--status pending|succ|fail] [--json]
  kyc approve <submissionId>
  kyc reject <submissionId> --reason "…"
  outbox [--to ACCOUNT] [--limit N] [--json]
  notice send --title "…" --body "…" [--title-en "…" --body-en "…"] [--user ID] [--pinned]
  message send (--user ID | --all) --title "…" --body "…" [--title-en "…" --body-en "…"]
  fund <userId> <amount> --reason "…" [--wallet stock|coin|contract] [--currency TRY]
${FUNDING_USAGE}
${IPO_USAGE}
${ICO_USAGE}
${BLOCK_USAGE}
${ROBOT_USAGE}
${LOAN_USAGE}
${VOTE_USAGE}
  audit [--limit N] [--json]`;

const TWO_WORD = new Set(['user', 'kyc', 'notice', 'message', 'ledger']);

type Parsed = { words: string[]; flags: Map<string, string | true> };

function split(argv: readonly string[]): Parsed {
  const words: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg.startsWith('--')) {
      const [name = '', inline] = arg.slice(2).split(/=(.*)/s, 2);
      const next = argv[i + 1];
      if (inline !== undefined) flags.set(name, inline);
      else if (next !== undefined && !next.startsWith('--')) {
        flags.set(name, next);
        i += 1;
      } else flags.set(name, true);
    } else {
      words.push(arg);
    }
  }
  return { words, flags };
}

/** Copies the named flags that have values into the form fields, renamed where given. */
function fieldsFrom(
  flags: Map<string, string | true>,
  names: Record<string, string>,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [flag, field] of Object.entries(names)) {
    const value = flags.get(flag);
    if (typeof value === 'string') fields[field] = value;
  }
  return fields;
}

/** The areas with CLI files of their own, asked in turn; the first that knows the words answers. */
const AREA_PARSERS = [
  parseFundingCommand,
  parseIpoCommand,
  parseIcoCommand,
  parseBlockCommand,
  // robots
  parseRobotCommand,
  // Loans and support chat.
  parseLoanCommand,
  // — membership —
  parseVoteCommand,
];

const need = (value: string | undefined, what: string) => (value ? null : `missing ${what}`);

function createUserCommand(flags: Parsed['flags'], json: boolean): Command | { error: string } {
  const kyc = flags.get('kyc');
  if (kyc !== undefined && kyc !== 'approved') return { error: '--kyc takes only "approved"' };
  const fields = fieldsFrom(flags, { account: 'account', password: 'password', name: 'name' });
  if (fields.name !== undefined && kyc !== 'approved') return { error: '--name goes with --kyc approved' };
  if (kyc === 'approved') fields.kyc = 'approved';
  return {
    path: 'create-user',
    fields,
    json,
    pick: json
      ? (d) => {
          const u = d as Record<string, unknown>;
          // The id is what `fund` and `user disable` take next.
          return {
            userId: u.userId,
            account: u.account,
            password: u.password,
            userToken: u.userToken,
            userTokenDemo: u.userTokenDemo,
          };
        }
      : undefined,
  };
}

/** `notice send` and `message send`: the same texts; a message needs its readers named. */
function sendCommand(first: string, flags: Parsed['flags'], json: boolean): Command | { error: string } {
  const fields = fieldsFrom(flags, {
    title: 'titleTr',
    body: 'bodyTr',
    'title-en': 'titleEn',
    'body-en': 'bodyEn',
    user: 'userId',
  });
  const missing = need(fields.titleTr, '--title') ?? need(fields.bodyTr, '--body');
  if (missing) return { error: missing };
  if (first === 'message' && !fields.userId && !flags.has('all')) return { error: 'give --user ID or --all' };
  if (flags.has('pinned')) fields.pinned = '1';
  return { path: first === 'notice' ? 'notice-send' : 'message-send', fields, json };
}

function fundCommand(
  [, userId, amount]: readonly (string | undefined)[],
  flags: Parsed['flags'],
  json: boolean,
): Command | { error: string } {
  const missing =
    need(userId, '<userId>') ??
    need(amount, '<amount>') ??
    need(typeof flags.get('reason') === 'string' ? 'x' : undefined, '--reason');
  if (missing) return { error: missing };
  return {
    path: 'fund',
    fields: {
      userId: userId ?? '',
      amount: amount ?? '',
      ...fieldsFrom(flags, { reason: 'reason', wallet: 'wallet', currency: 'currency' }),
    },
    json,
  };
}

export function parseCommand(argv: readonly string[]): Command | { error: string } {
  const { words, flags } = split(argv);
  const json = flags.has('json');
  const [first, second, third] = words;
  for (const parse of AREA_PARSERS) {
    const command = parse(words, flags, json);
    if (command) return command;
  }

  // Commands of two words (`kyc approve`) and of one (`users`).
  const verb = first && TWO_WORD.has(first) ? `${first} ${second ?? ''}` : (first ?? '');
  switch (verb) {
    case '':
    case 'help':
      return { error: '' };
    case 'create-user':
      return createUserCommand(flags, json);
    case 'users':
      return { path: 'users', fields: fieldsFrom(flags, { limit: 'limit' }), json };
    case 'ledger verify':
      return { path: 'ledger-verify', fields: {}, json };
    case 'user disable': {
      const missing = need(third, '<userId>');
      return missing ? { error: missing } : { path: 'user-disable', fields: { userId: third ?? '' }, json };
    }
    case 'kyc list':
      return { path: 'kyc-list', fields: fieldsFrom(flags, { status: 'status' }), json };
    case 'kyc approve': {
      const missing = need(third, '<submissionId>');
      return missing ? { error: missing } : { path: 'kyc-approve', fields: { id: third ?? '' }, json };
    }
    case 'kyc reject': {
      const missing =
        need(third, '<submissionId>') ??
        need(typeof flags.get('reason') === 'string' ? 'x' : undefined, '--reason');
      return missing
        ? { error: missing }
        : {
            path: 'kyc-reject',
            fields: { id: third ?? '', ...fieldsFrom(flags, { reason: 'reason' }) },
            json,
          };
    }
    case 'outbox':
      return { path: 'outbox', fields: fieldsFrom(flags, { to: 'to', limit: 'limit' }), json };
    case 'notice send':
    case 'message send':
      return sendCommand(first ?? '', flags, json);
    case 'fund':
      return fundCommand(words, flags, json);
    case 'audit':
      return { path: 'audit', fields: fieldsFrom(flags, { limit: 'limit' }), json };
    default:
      return { error: `unknown command: ${verb}` };
  }
}
