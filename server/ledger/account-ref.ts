import { WALLET_CASH, WALLETS, type AccountType, type Wallet } from '../../domain/protocol/account';
import { LedgerError } from './decimal';

export const BUCKETS = ['available', 'frozen'] as const;
export type Bucket = (typeof BUCKETS)[number];

/**
 * The other sides of user money. Funding accounts issue paper money (and so go negative);
 * `market` is the counterparty of fills; `fees` collects commissions; `exchange` is the other side
 * of currency exchange (it pays out one currency for another, so it runs negative too).
 * `deposits` pays approved deposits in and `withdrawals` takes approved withdrawals out.
 * `issuer` stands for the companies going public: it is paid for allotted lots and
 * delivers the shares on listing day (its share accounts run negative: shares issued).
 */
export const SYSTEM_ROLES = [
  'fees',
  'sandbox_funding',
  'demo_funding',
  'market',
  'exchange',
  'deposits',
  'withdrawals',
  'issuer',
  // Stock options: the broker's option book, paid premiums and paying payoffs and
  // early closes (it runs negative when buyers win more than it took in).
  'options',
  // Trading robots: `robots` pools every robot order's locked capital and holdings (each
  // order's share is the sum of its lines, server/robots/postings.ts); `robot_tax` receives the
  // disclosed withholding on realised robot profit.
  'robots',
  'robot_tax',
  // Loans: `loans` lends (disbursements out, repayments back; it runs negative by what
  // is owed to the broker, accrued interest included) and `loan_interest` earns the interest.
  'loans',
  'loan_interest',
  // Membership: VIP purchases are paid into it.
  'vip',
] as const;
export type SystemRole = (typeof SYSTEM_ROLES)[number];

/** The system currencies opened by the seed; others open on first use. */
export const SEED_CURRENCIES = ['TRY', 'USDT'] as const;

export type UserAccountRef = {
  kind: 'user';
  userId: bigint;
  accountType: AccountType;
  wallet: Wallet;
  currency: string;
  bucket: Bucket;
};
export type SystemAccountRef = { kind: 'system'; role: SystemRole; currency: string };
/**
 * AI stock products: an order's own cash and shares, `product:ai:<orderId>:<currency>`,
 * kept apart from the owner's stock wallet so the product's holdings are never the user's own
 * sellable shares (and the user's balances and holdings lists do not show them: no user id on
 * the row). Never negative, like a user account.
 */
export type ProductAccountRef = { kind: 'product'; product: 'ai'; orderId: bigint; currency: string };
/** Names a ledger account; the account is created the first time a posting touches it. */
export type AccountRef = UserAccountRef | SystemAccountRef | ProductAccountRef;

/** Currencies and instrument symbols: `TRY`, `USDT`, `BTC`, `THYAO`, `1000SHIB`. */
const CURRENCY = /^[A-Z0-9]{2,20}$/;

function checkRef(ref: AccountRef): void {
  if (!CURRENCY.test(ref.currency)) throw new LedgerError(`bad currency ${JSON.stringify(ref.currency)}`);
  if (ref.kind === 'system') {
    if (!(SYSTEM_ROLES as readonly string[]).includes(ref.role))
      throw new LedgerError(`bad role ${ref.role}`);
    return;
  }
  if (ref.kind === 'product') {
    if (ref.product !== 'ai' || typeof ref.orderId !== 'bigint' || ref.orderId <= 0n)
      throw new LedgerError('bad product account');
    return;
  }
  if (typeof ref.userId !== 'bigint' || ref.userId <= 0n) throw new LedgerError('bad user id');
  if (ref.accountType !== 'real' && ref.accountType !== 'demo') throw new LedgerError('bad account type');
  if (!(WALLETS as readonly string[]).includes(ref.wallet)) throw new LedgerError(`bad wallet ${ref.wallet}`);
  if (!(BUCKETS as readonly string[]).includes(ref.bucket)) throw new LedgerError(`bad bucket ${ref.bucket}`);
}

/** The account's unique code: `user:100001:real:stock:TRY:available`, `system:fees:TRY`. */
export function accountCode(ref: AccountRef): string {
  checkRef(ref);
  if (ref.kind === 'product') return `product:${ref.product}:${ref.orderId}:${ref.currency}`;
  return ref.kind === 'system'
    ? `system:${ref.role}:${ref.currency}`
    : `user:${ref.userId}:${ref.accountType}:${ref.wallet}:${ref.currency}:${ref.bucket}`;
}

/** The columns of a new account row for a ref. */
export function accountRow(ref: AccountRef) {
  const code = accountCode(ref);
  if (ref.kind === 'product')
    return {
      code,
      userId: null,
      accountType: null,
      wallet: 'product',
      currency: ref.currency,
      bucket: `${ref.product}:${ref.orderId}`,
      allowNegative: false,
    };
  return ref.kind === 'system'
    ? {
        code,
        userId: null,
        accountType: null,
        wallet: 'system',
        currency: ref.currency,
        bucket: ref.role,
        // Funding issues paper money and the market is every fill's counterparty: both run negative.
        allowNegative: true,
      }
    : {
        code,
        userId: ref.userId,
        accountType: ref.accountType,
        wallet: ref.wallet,
        currency: ref.currency,
        bucket: ref.bucket,
        allowNegative: false,
      };
}

export function userAccount(
  userId: bigint,
  accountType: AccountType,
  wallet: Wallet,
  currency: string,
  bucket: Bucket = 'available',
): UserAccountRef {
  return { kind: 'user', userId, accountType, wallet, currency, bucket };
}

export function systemAccount(role: SystemRole, currency: string): SystemAccountRef {
  return { kind: 'system', role, currency };
}

/** An AI product order's cash (TRY) or shares (the symbol). */
export function aiOrderAccount(orderId: bigint, currency: string): ProductAccountRef {
  return { kind: 'product', product: 'ai', orderId, currency };
}

/** The accounts every user has from registration: both account types, each wallet's cash, both buckets. */
export function standardAccounts(userId: bigint): UserAccountRef[] {
  const refs: UserAccountRef[] = [];
  for (const accountType of ['real', 'demo'] as const)
    for (const wallet of WALLETS)
      for (const bucket of BUCKETS)
        refs.push(userAccount(userId, accountType, wallet, WALLET_CASH[wallet], bucket));
  return refs;
}
