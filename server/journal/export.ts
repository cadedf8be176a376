import Decimal from 'decimal.js';
import { csvTime, writeCsv } from '../../domain/journal/csv';
import { EXPORT_DAYS_MAX } from '../../domain/protocol/learn';
import type { TxRecord } from '../../domain/protocol/trading';
import { DAY_MS } from '../../domain/time';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { ApiError } from '../http/errors';
import { txRecords } from '../trading/spot/tx-record';
import { journalTrades } from './read';

export const STATEMENT_COLUMNS = [
  'date',
  'description',
  'debit',
  'credit',
  'balance',
  'currency',
  'account',
  'reference',
];
export const TRADE_COLUMNS = [
  'closed',
  'opened',
  'product',
  'source',
  'symbol',
  'side',
  'quantity',
  'entry',
  'exit',
  'costs',
  'pnl',
  'realistic_pnl',
  'currency',
  'leverage',
  'tags',
  'note',
  'id',
];

/** A range an export may cover: start before end, at most EXPORT_DAYS_MAX days. */
export function checkRange(from: number, to: number): void {
  if (from > to) throw new ApiError('REPORT_RANGE_INVALID');
  if (to - from > EXPORT_DAYS_MAX * DAY_MS)
    throw new ApiError('REPORT_RANGE_TOO_LONG', { max: EXPORT_DAYS_MAX });
}

/** How a statement row reads to an accountant: what happened, and on what. */
export function statementDescription(r: TxRecord): string {
  const what = [r.reason, r.side, r.symbol].filter((x) => x !== null && x !== '').join(' ');
  return r.memo ? `${what}: ${r.memo}` : what;
}

/** One statement row as the CSV writes it: money out a debit, money in a credit, a hold neither. */
export function statementLine(r: TxRecord): string[] {
  const amount = new Decimal(r.amount);
  return [
    csvTime(r.t),
    statementDescription(r),
    amount.lt(0) ? amount.neg().toFixed() : '',
    amount.gt(0) ? amount.toFixed() : '',
    r.balance.total,
    r.currency,
    r.wallet,
    r.transactionId,
  ];
}

/** Every statement row in the range, oldest first (read page by page as the funds detail reads them). */
export async function statementRows(db: Db, session: Session, from: number, to: number): Promise<TxRecord[]> {
  const rows: TxRecord[] = [];
  for (let page = 1; ; page++) {
    const got = await txRecords(db, session, { from, to, page, size: 100 });
    rows.push(...got.list);
    if (got.list.length < 100 || rows.length >= got.total) break;
  }
  return rows.reverse();
}

function csvAnswer(name: string, text: string) {
  return {
    bytes: new TextEncoder().encode(text),
    contentType: 'text/csv; charset=utf-8',
    headers: {
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'private, no-store',
    },
  };
}

/** The CSV of the statement's rows or the journal's trades closed in [from, to]. */
export async function exportCsv(
  db: Db,
  session: Session,
  q: { kind: 'trades' | 'statement'; from: number; to: number },
) {
  checkRange(q.from, q.to);
  const span = `${csvTime(q.from).slice(0, 10)}_${csvTime(q.to).slice(0, 10)}`;
  if (q.kind === 'statement') {
    const rows = await statementRows(db, session, q.from, q.to);
    return csvAnswer(`statement_${span}.csv`, writeCsv([STATEMENT_COLUMNS, ...rows.map(statementLine)]));
  }
  const trades = (await journalTrades(db, session, { from: q.from, to: q.to })).reverse();
  const lines = trades.map((t) => [
    csvTime(t.closedAt),
    csvTime(t.openedAt),
    t.product,
    t.source,
    t.symbol,
    t.side,
    t.qty,
    t.entry,
    t.exit,
    t.costs,
    t.pnl,
    t.realisticPnl ?? '',
    t.currency,
    t.leverage === null ? '' : String(t.leverage),
    t.tags.join(', '),
    t.note,
    t.id,
  ]);
  return csvAnswer(`trades_${span}.csv`, writeCsv([TRADE_COLUMNS, ...lines]));
}
