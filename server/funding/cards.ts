import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { bankName as bankNameOf, unlistedBankName } from '../../domain/funding/banks';
import { checkTurkishIban, ibanBankCode, maskIban, normaliseIban } from '../../domain/funding/iban';
import type { BankCard, BankTemplate } from '../../domain/protocol/funding';
import type { BankAddRequestParsed } from './wire-types';
import type { Session } from '../auth/session';
import { isUniqueViolation } from '../accounts/profile';
import type { Db } from '../db/client';
import { bankCards, withdrawals } from '../db/schema/funding';
import { lockUserRow } from '../accounts/user-lock';
import { ApiError } from '../http/errors';
import { readSetting } from '../settings';
import { requireReal, sameName, verifiedName, type FundingEnv } from './common';

type CardRow = typeof bankCards.$inferSelect;
type Field = BankTemplate['countries'][number]['fields'][number]['name'];

/** Which fields each country's form asks for (SPEC §3: IFSC in India, PIX and CPF in Brazil). */
const FORMS: Record<BankCard['country'], [Field, boolean][]> = {
  TR: [
    ['accountNumber', true],
    ['holderName', true],
  ],
  IN: [
    ['accountNumber', true],
    ['holderName', true],
    ['bankName', true],
    ['ifsc', true],
    ['bankAddress', false],
    ['payeeAddress', false],
  ],
  BR: [
    ['accountNumber', true],
    ['holderName', true],
    ['bankName', true],
    ['pix', true],
    ['taxId', true],
  ],
  OTHER: [
    ['accountNumber', true],
    ['holderName', true],
    ['bankName', true],
    ['bankAddress', false],
    ['payeeAddress', false],
    ['utr', false],
  ],
};

export async function bankTemplate(db: Db, session: Session): Promise<BankTemplate> {
  return {
    countries: Object.entries(FORMS).map(([country, fields]) => ({
      country: country as BankCard['country'],
      fields: fields.map(([name, required]) => ({ name, required })),
    })),
    holderName: await verifiedName(db, session.userId),
  };
}

/** Lists show the bank and the last four characters; the owner's /bank/info shows it whole. */
function mask(country: string, accountNumber: string): string {
  if (country === 'TR') return maskIban(accountNumber);
  return accountNumber.length <= 4 ? accountNumber : `****${accountNumber.slice(-4)}`;
}

export function maskedCard(row: Pick<CardRow, 'country' | 'accountNumber'>): string {
  return mask(row.country, row.accountNumber);
}

function toWire(row: CardRow, pending: boolean, whole: boolean): BankCard {
  return {
    id: String(row.id),
    country: row.country as BankCard['country'],
    accountNumber: whole ? row.accountNumber : mask(row.country, row.accountNumber),
    holderName: row.holderName,
    bankName: row.bankName,
    bankCode: row.bankCode,
    bankAddress: row.bankAddress,
    payeeAddress: row.payeeAddress,
    ifsc: row.ifsc,
    pix: row.pix,
    taxId: row.taxId,
    utr: row.utr,
    withdrawalPending: pending,
    createdAt: row.createdAt,
  };
}

const pendingTo = (cardId: bigint | typeof bankCards.id) =>
  sql<boolean>`exists (select 1 from ${withdrawals} w where w.bank_card_id = ${cardId} and w.status = 'pending')`;

/** A live card of this user, or BANK_CARD_NOT_FOUND (another user's id says the same). */
export async function ownCard(db: Db, userId: bigint, id: bigint): Promise<CardRow> {
  const [row] = await db
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.id, id), eq(bankCards.userId, userId), isNull(bankCards.deletedAt)));
  if (!row) throw new ApiError('BANK_CARD_NOT_FOUND');
  return row;
}

export async function addCard(
  env: FundingEnv,
  session: Session,
  input: BankAddRequestParsed,
): Promise<BankCard> {
  requireReal(session);
  const { db } = env;
  const name = await verifiedName(db, session.userId);
  if (name === null) throw new ApiError('KYC_REQUIRED');
  for (const [field, required] of FORMS[input.country])
    if (required && !input[field]) throw new ApiError('FIELD_REQUIRED', { field });
  let accountNumber = input.accountNumber;
  let bankName = input.bankName ?? '';
  let bankCode: string | null = null;
  if (input.country === 'TR') {
    const problem = checkTurkishIban(input.accountNumber);
    if (problem) throw new ApiError(problem, { field: 'accountNumber' });
    accountNumber = normaliseIban(input.accountNumber);
    bankCode = ibanBankCode(accountNumber);
    // A code we do not list is named by its number, never guessed.
    bankName = bankNameOf(bankCode) ?? unlistedBankName(bankCode);
  }
  if (!sameName(input.holderName, name)) throw new ApiError('HOLDER_NAME_MISMATCH', { name });
  const { maxCards } = await readSetting(db, 'funding');
  const row = await db
    .transaction(async (tx) => {
      // The user row serialises this user's additions, so the limit holds under a race.
      await lockUserRow(tx, session.userId);
      const [live] = await tx
        .select({ n: count() })
        .from(bankCards)
        .where(and(eq(bankCards.userId, session.userId), isNull(bankCards.deletedAt)));
      const [dup] = await tx
        .select({ id: bankCards.id })
        .from(bankCards)
        .where(
          and(
            eq(bankCards.userId, session.userId),
            eq(bankCards.accountNumber, accountNumber),
            isNull(bankCards.deletedAt),
          ),
        );
      if (dup) throw new ApiError('BANK_CARD_EXISTS');
      if ((live?.n ?? 0) >= maxCards) throw new ApiError('BANK_CARD_LIMIT', { max: maxCards });
      const [inserted] = await tx
        .insert(bankCards)
        .values({
          userId: session.userId,
          country: input.country,
          accountNumber,
          holderName: input.holderName,
          bankName,
          bankCode,
          bankAddress: input.bankAddress ?? '',
          payeeAddress: input.payeeAddress ?? '',
          ifsc: input.ifsc ?? '',
          pix: input.pix ?? '',
          taxId: input.taxId ?? '',
          utr: input.utr ?? '',
          createdAt: env.now,
        })
        .returning();
      if (!inserted) throw new Error('bank card insert returned nothing');
      return inserted;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'bank_cards_live_unique')) throw new ApiError('BANK_CARD_EXISTS');
      throw error;
    });
  return toWire(row, false, true);
}

/** Soft delete: records still name the card. Not while a withdrawal to it waits. */
export async function deleteCard(env: FundingEnv, session: Session, id: bigint): Promise<{ id: string }> {
  requireReal(session);
  await env.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: bankCards.id })
      .from(bankCards)
      .where(and(eq(bankCards.id, id), eq(bankCards.userId, session.userId), isNull(bankCards.deletedAt)))
      .for('update');
    if (!row) throw new ApiError('BANK_CARD_NOT_FOUND');
    // Read after the lock (a statement of its own): a withdrawal to this card that committed
    // while we waited is seen, and one not started yet waits for this delete.
    const [use] = await tx
      .select({ pending: pendingTo(row.id) })
      .from(bankCards)
      .where(eq(bankCards.id, id));
    if (use?.pending) throw new ApiError('BANK_CARD_IN_USE');
    await tx.update(bankCards).set({ deletedAt: env.now }).where(eq(bankCards.id, id));
  });
  return { id: String(id) };
}

export async function listCards(db: Db, session: Session, page: number, size: number) {
  const live = and(eq(bankCards.userId, session.userId), isNull(bankCards.deletedAt));
  const rows = await db
    .select({ card: bankCards, pending: pendingTo(bankCards.id) })
    .from(bankCards)
    .where(live)
    .orderBy(desc(bankCards.id))
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db.select({ n: count() }).from(bankCards).where(live);
  return { list: rows.map((r) => toWire(r.card, r.pending, false)), total: total?.n ?? 0, page, size };
}

export async function cardInfo(db: Db, session: Session, id: bigint): Promise<BankCard> {
  const row = await ownCard(db, session.userId, id);
  const [p] = await db
    .select({ pending: pendingTo(row.id) })
    .from(bankCards)
    .where(eq(bankCards.id, row.id));
  return toWire(row, p?.pending ?? false, true);
}
