import { and, asc, eq, isNull } from 'drizzle-orm';
import { addressKey as sameAddressKey, isAddressFor } from '../../domain/funding/chains';
import type { DepositAddress, WithdrawAddress } from '../../domain/protocol/funding-coin';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { coinAddresses } from '../db/schema/funding';
import { lockUserRow } from '../accounts/user-lock';
import { ApiError } from '../http/errors';
import { readSetting } from '../settings';
import { addressKey } from './address-key';
import { requireReal, type FundingEnv } from './common';
import { coinChain } from './coins';
import { deriveAddress } from './derive-address';

type AddressRow = typeof coinAddresses.$inferSelect;

async function depositRow(db: Db, userId: bigint, currency: string, chain: string) {
  const [row] = await db
    .select()
    .from(coinAddresses)
    .where(
      and(
        eq(coinAddresses.userId, userId),
        eq(coinAddresses.purpose, 'deposit'),
        eq(coinAddresses.currency, currency),
        eq(coinAddresses.chain, chain),
      ),
    );
  return row ?? null;
}

async function depositWire(db: Db, row: AddressRow): Promise<DepositAddress> {
  const { chain } = await coinChain(db, row.currency, row.chain);
  return {
    currency: row.currency,
    chain: row.chain,
    address: row.address,
    memo: row.memo,
    minDeposit: chain.minDeposit,
    confirmations: chain.confirmations,
    createdAt: row.createdAt,
  };
}

/** Null until generated. */
export async function depositAddress(env: FundingEnv, session: Session, currency: string, chain: string) {
  await coinChain(env.db, currency, chain);
  const row = await depositRow(env.db, session.userId, currency, chain);
  return { address: row ? await depositWire(env.db, row) : null };
}

/** Derived once; asking again answers the same address. */
export async function generateDepositAddress(
  env: FundingEnv,
  session: Session,
  currency: string,
  chain: string,
) {
  requireReal(session);
  const found = await coinChain(env.db, currency, chain);
  if (!found.chain.depositEnabled) throw new ApiError('CHAIN_NOT_SUPPORTED');
  const key = await addressKey(env.config.dataDir);
  const address = deriveAddress(key, session.userId, currency, chain);
  await env.db
    .insert(coinAddresses)
    .values({ userId: session.userId, purpose: 'deposit', currency, chain, address, createdAt: env.now })
    .onConflictDoNothing();
  const row = await depositRow(env.db, session.userId, currency, chain);
  if (!row) throw new Error('deposit address missing after insert');
  return { address: await depositWire(env.db, row) };
}

/** The owner of a deposit address on a chain (a transfer to it credits them), or null. */
export async function depositAddressOwner(
  db: Db,
  chain: string,
  address: string,
): Promise<AddressRow | null> {
  const rows = await db
    .select()
    .from(coinAddresses)
    .where(and(eq(coinAddresses.purpose, 'deposit'), eq(coinAddresses.chain, chain)));
  const wanted = sameAddressKey(chain, address);
  return rows.find((r) => sameAddressKey(chain, r.address) === wanted) ?? null;
}

function withdrawWire(row: AddressRow): WithdrawAddress {
  const { id, currency, chain, address, memo, label, createdAt } = row;
  return { id: String(id), currency, chain, address, memo, label, createdAt };
}

const liveWithdraw = (userId: bigint) =>
  and(
    eq(coinAddresses.userId, userId),
    eq(coinAddresses.purpose, 'withdraw'),
    isNull(coinAddresses.deletedAt),
  );

export async function withdrawAddresses(db: Db, session: Session, currency?: string) {
  const where = currency
    ? and(liveWithdraw(session.userId), eq(coinAddresses.currency, currency))
    : liveWithdraw(session.userId);
  const rows = await db.select().from(coinAddresses).where(where).orderBy(asc(coinAddresses.id));
  return { list: rows.map(withdrawWire) };
}

/** A saved withdrawal address of this user, or ADDRESS_NOT_FOUND (another user's id says the same). */
export async function ownWithdrawAddress(db: Db, userId: bigint, id: bigint): Promise<AddressRow> {
  const [row] = await db
    .select()
    .from(coinAddresses)
    .where(and(eq(coinAddresses.id, id), liveWithdraw(userId)));
  if (!row) throw new ApiError('ADDRESS_NOT_FOUND');
  return row;
}

export type AddAddressInput = {
  currency: string;
  chain: string;
  address: string;
  memo?: string | undefined;
  label?: string | undefined;
};

/** Saves an address after checking it for its chain. */
export async function addWithdrawAddress(env: FundingEnv, session: Session, input: AddAddressInput) {
  requireReal(session);
  const { db } = env;
  await coinChain(db, input.currency, input.chain);
  if (!isAddressFor(input.chain, input.address)) throw new ApiError('ADDRESS_FORMAT', { chain: input.chain });
  const owner = await depositAddressOwner(db, input.chain, input.address);
  if (owner?.userId === session.userId) throw new ApiError('OWN_DEPOSIT_ADDRESS');
  const { maxAddresses } = await readSetting(db, 'coinFunding');
  const row = await db.transaction(async (tx) => {
    await lockUserRow(tx, session.userId);
    const saved = await tx.select().from(coinAddresses).where(liveWithdraw(session.userId));
    const wanted = sameAddressKey(input.chain, input.address);
    if (
      saved.some(
        (r) =>
          r.currency === input.currency &&
          r.chain === input.chain &&
          sameAddressKey(r.chain, r.address) === wanted,
      )
    )
      throw new ApiError('ADDRESS_EXISTS');
    if (saved.length >= maxAddresses) throw new ApiError('ADDRESS_LIMIT', { max: maxAddresses });
    const [inserted] = await tx
      .insert(coinAddresses)
      .values({
        userId: session.userId,
        purpose: 'withdraw',
        currency: input.currency,
        chain: input.chain,
        address: input.address,
        memo: input.memo ?? '',
        label: input.label ?? '',
        createdAt: env.now,
      })
      .returning();
    if (!inserted) throw new Error('address insert returned nothing');
    return inserted;
  });
  return withdrawWire(row);
}

/** The user's generated deposit address for a coin on a chain, or ADDRESS_NOT_FOUND. */
export async function ownDepositAddress(
  db: Db,
  userId: bigint,
  currency: string,
  chain: string,
): Promise<string> {
  const row = await depositRow(db, userId, currency, chain);
  if (!row) throw new ApiError('ADDRESS_NOT_FOUND');
  return row.address;
}
