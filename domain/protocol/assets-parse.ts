import { checkStrings, fieldsOf, isInt } from './answer-check';
import type {
  AssetsAnswer,
  DayCash,
  DayTrade,
  LoanDebt,
  ProductValue,
  RealisticPnl,
  WalletBalance,
} from './account';
import { ACCOUNT_TYPES, PRODUCT_CURRENCIES, PRODUCT_KINDS, SPOT_WALLETS, WALLETS } from './wallets';

/**
 * The account's balances (POST /user/assets), checked by hand: the wallet screen's first paint
 * shows them (the render with them makes its largest paint) and loads no zod. Same rules as
 * assetsAnswerSchema in ./account.ts; assets-parse.test.ts runs both on the same answers.
 * Throws a TypeError on a wrong shape; unknown fields are dropped, as zod does.
 */
export function parseAssetsAnswer(data: unknown): AssetsAnswer {
  const fields = fieldsOf(data, 'assets');
  const { products, today, todayCash, openPnlRef, loanDebt, realistic } = fields;
  const answer: AssetsAnswer = {
    accountType: oneOf(fields.accountType, ACCOUNT_TYPES, 'assets.accountType'),
    balances: listOf(fields.balances, 'assets.balances', parseWalletBalance),
  };
  if (products !== undefined) answer.products = listOf(products, 'assets.products', parseProductValue);
  if (today !== undefined) answer.today = listOf(today, 'assets.today', parseDayTrade);
  if (todayCash !== undefined) answer.todayCash = listOf(todayCash, 'assets.todayCash', parseDayCash);
  if (openPnlRef !== undefined) {
    if (openPnlRef !== null && typeof openPnlRef !== 'string')
      throw new TypeError('assets.openPnlRef is not a string or null');
    answer.openPnlRef = openPnlRef;
  }
  if (loanDebt !== undefined) answer.loanDebt = parseLoanDebt(loanDebt, 'assets.loanDebt');
  if (realistic !== undefined)
    answer.realistic = realistic === null ? null : listOf(realistic, 'assets.realistic', parseRealisticPnl);
  return answer;
}

function parseWalletBalance(value: unknown, what: string): WalletBalance {
  const fields = fieldsOf(value, what);
  // `locked` defaults to '0' (older answers have none), as the schema's .default('0') does.
  const { locked = '0' } = fields;
  if (typeof locked !== 'string') throw new TypeError(`${what}.locked is not a string`);
  return {
    wallet: oneOf(fields.wallet, WALLETS, `${what}.wallet`),
    ...pickStrings(fields, ['currency', 'available', 'frozen', 'total'], what),
    locked,
  };
}

function parseProductValue(value: unknown, what: string): ProductValue {
  const fields = fieldsOf(value, what);
  return {
    product: oneOf(fields.product, PRODUCT_KINDS, `${what}.product`),
    currency: oneOf(fields.currency, PRODUCT_CURRENCIES, `${what}.currency`),
    ...pickStrings(fields, ['value'], what),
    count: int(fields.count, `${what}.count`),
  };
}

function parseDayTrade(value: unknown, what: string): DayTrade {
  const fields = fieldsOf(value, what);
  return {
    wallet: oneOf(fields.wallet, SPOT_WALLETS, `${what}.wallet`),
    ...pickStrings(fields, ['currency', 'qty', 'cost'], what),
  };
}

function parseDayCash(value: unknown, what: string): DayCash {
  const fields = fieldsOf(value, what);
  return {
    wallet: oneOf(fields.wallet, WALLETS, `${what}.wallet`),
    ...pickStrings(fields, ['currency', 'pnl', 'flows'], what),
  };
}

function parseLoanDebt(value: unknown, what: string): LoanDebt {
  const fields = fieldsOf(value, what);
  if (fields.currency !== 'TRY') throw new TypeError(`${what}.currency is not TRY`);
  return {
    currency: 'TRY',
    ...pickStrings(fields, ['owed', 'interest'], what),
    count: int(fields.count, `${what}.count`),
  };
}

const REALISTIC_FIGURES = ['currency', 'paper', 'realistic', 'slippage', 'fees', 'taxes', 'queue'] as const;

function parseRealisticPnl(value: unknown, what: string): RealisticPnl {
  const fields = fieldsOf(value, what);
  return {
    wallet: oneOf(fields.wallet, WALLETS, `${what}.wallet`),
    ...pickStrings(fields, REALISTIC_FIGURES, what),
    fills: int(fields.fills, `${what}.fills`),
    priced: int(fields.priced, `${what}.priced`),
  };
}

/** An array whose every item `item` reads, or a TypeError naming `what`. */
function listOf<T>(value: unknown, what: string, item: (value: unknown, what: string) => T): T[] {
  if (!Array.isArray(value)) throw new TypeError(`${what} is not an array`);
  return value.map((entry: unknown, i) => item(entry, `${what}[${i}]`));
}

/** One of `options` (a z.enum's values), or a TypeError naming `what`. */
function oneOf<T extends string>(value: unknown, options: readonly T[], what: string): T {
  if (!(options as readonly unknown[]).includes(value))
    throw new TypeError(`${what} is not one of ${options.join(', ')}`);
  return value as T;
}

function int(value: unknown, what: string): number {
  if (!isInt(value)) throw new TypeError(`${what} is not an integer`);
  return value;
}

/** These string fields of `fields` alone, or a TypeError naming `what`. */
function pickStrings<K extends string>(
  fields: Record<string, unknown>,
  names: readonly K[],
  what: string,
): Record<K, string> {
  checkStrings(fields, names, what);
  const picked = {} as Record<K, string>;
  for (const name of names) picked[name] = fields[name] as string;
  return picked;
}
