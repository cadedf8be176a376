import Decimal from 'decimal.js';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AlertKind } from '../../domain/alerts/kinds';
import { clockMinutes, clockText } from '../../domain/alerts/quiet-hours';
import type { AccountType } from '../../domain/protocol/account';
import type { AlertRow, NotificationSettings } from '../../domain/protocol/alerts';
import type { Db } from '../db/client';
import { alerts, notificationSettings, pushSubscriptions } from '../db/schema/alerts';
import type { PushTarget } from './push';
import { ownedBy } from '../db/owned';

export type Owner = { userId: bigint; accountType: AccountType };
export type StoredAlert = typeof alerts.$inferSelect;

/** A stored threshold without the column's trailing zeros ("312.500000…" → "312.5"). */
export const plainDecimal = (v: string) => new Decimal(v).toFixed();

export function alertToWire(row: StoredAlert): AlertRow {
  return {
    id: String(row.id),
    symbol: row.symbol,
    kind: row.kind,
    threshold: plainDecimal(row.threshold),
    windowMinutes: row.windowMinutes,
    armed: row.armed,
    firedCount: row.firedCount,
    lastFiredAt: row.lastFiredAt,
    createdAt: row.createdAt.getTime(),
  };
}

export async function countAlerts(db: Db, owner: Owner): Promise<number> {
  const [row] = await db.select({ n: count() }).from(alerts).where(ownedBy(alerts, owner));
  return row?.n ?? 0;
}

export async function insertAlert(
  db: Db,
  owner: Owner,
  alert: { symbol: string; kind: AlertKind; threshold: string; windowMinutes: number | null },
  /** The engines' clock: a takeover goes through the prints after it (catch-up.ts), on that clock. */
  now: number,
): Promise<StoredAlert> {
  const [row] = await db
    .insert(alerts)
    .values({ ...owner, ...alert, createdAt: new Date(now) })
    .returning();
  if (!row) throw new Error('alert not inserted');
  return row;
}

export async function pageAlerts(
  db: Db,
  owner: Owner,
  page: number,
  size: number,
): Promise<{ list: StoredAlert[]; total: number }> {
  const where = ownedBy(alerts, owner);
  const list = await db
    .select()
    .from(alerts)
    .where(where)
    .orderBy(desc(alerts.id))
    .limit(size)
    .offset((page - 1) * size);
  return { list, total: await countAlerts(db, owner) };
}

/** Deletes the owner's alert; false when it is not theirs (or gone). */
export async function deleteAlert(db: Db, owner: Owner, id: bigint): Promise<boolean> {
  const gone = await db
    .delete(alerts)
    .where(and(eq(alerts.id, id), ownedBy(alerts, owner)))
    .returning({ id: alerts.id });
  return gone.length > 0;
}

/** The alerts of these symbols (a cluster partition's), or every alert without `symbols`. */
export async function alertsOf(db: Db, symbols: string[] | null): Promise<StoredAlert[]> {
  const all = db.select().from(alerts);
  return symbols ? all.where(inArray(alerts.symbol, symbols)) : all;
}

/** A fire or a re-arm, as the engine decided it. */
export async function saveAlertState(
  db: Db,
  id: bigint,
  state: { armed: boolean; restingUntil: number | null; firedAt: number | null },
): Promise<void> {
  await db
    .update(alerts)
    .set({
      armed: state.armed,
      restingUntil: state.restingUntil,
      ...(state.firedAt !== null
        ? { firedCount: sql`${alerts.firedCount} + 1`, lastFiredAt: state.firedAt }
        : {}),
    })
    .where(eq(alerts.id, id));
}

export const DEFAULT_SETTINGS: NotificationSettings = {
  price: true,
  move: true,
  risk: true,
  conditional: true,
  quietFrom: null,
  quietTo: null,
};

export async function readSettings(db: Db, userId: bigint): Promise<NotificationSettings> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  if (!row) return DEFAULT_SETTINGS;
  return {
    price: row.price,
    move: row.move,
    risk: row.risk,
    conditional: row.conditional,
    quietFrom: row.quietFrom === null ? null : clockText(row.quietFrom),
    quietTo: row.quietTo === null ? null : clockText(row.quietTo),
  };
}

export async function writeSettings(db: Db, userId: bigint, settings: NotificationSettings): Promise<void> {
  const values = {
    price: settings.price,
    move: settings.move,
    risk: settings.risk,
    conditional: settings.conditional,
    quietFrom: clockMinutes(settings.quietFrom),
    quietTo: clockMinutes(settings.quietTo),
  };
  await db
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
}

/** Removes one of the user's subscriptions, or all of them without an endpoint; how many went. */
export async function removeSubscriptions(db: Db, userId: bigint, endpoint?: string): Promise<number> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(
      endpoint === undefined
        ? eq(pushSubscriptions.userId, userId)
        : and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)),
    )
    .returning({ endpoint: pushSubscriptions.endpoint });
  return gone.length;
}

export async function subscriptionsOf(db: Db, userId: bigint): Promise<(PushTarget & { locale: string })[]> {
  return db
    .select({
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      locale: pushSubscriptions.locale,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
}

export async function dropSubscription(db: Db, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}
