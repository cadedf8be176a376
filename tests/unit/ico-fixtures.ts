import type { Ico, IcoCommitment } from '../../domain/protocol/ico';
import { T0 } from './ipo-fixtures';

const HOUR = 3_600_000;

/**
 * A sale of 1000 TOKN at 0.1 USDT (2 decimals, 100 USDT on sale) open since an hour before T0,
 * closing 2 days later, with 150 USDT committed by 4 others: domain/ipo/ico's numbers.
 */
export function ico(extra: Partial<Ico> = {}): Ico {
  return {
    id: '5',
    token: 'TOKN',
    pair: 'TOKNUSDT',
    name: 'Token Network',
    summary: 'Deneme tokeni.',
    tokenPrice: '0.1',
    tokensOffered: '1000',
    tokenScale: 2,
    offeredValue: '100',
    minCommit: '10',
    maxCommit: '500',
    subscribeStart: T0 - HOUR,
    subscribeEnd: T0 + 48 * HOUR,
    closedAt: null,
    allocationAt: T0 + 48 * HOUR,
    refundAt: T0 + 48 * HOUR,
    listingAt: T0 + 72 * HOUR,
    status: 'subscribing',
    countdownUntil: T0 + 48 * HOUR,
    totalCommitted: '150',
    committers: 4,
    tokensSold: null,
    allocatedAt: null,
    myCommitted: '0',
    ...extra,
  };
}

export const upcomingIco = (extra: Partial<Ico> = {}): Ico =>
  ico({
    id: '6',
    token: 'PERA',
    subscribeStart: T0 + 24 * HOUR,
    status: 'upcoming',
    countdownUntil: T0 + 24 * HOUR,
    totalCommitted: '0',
    committers: 0,
    ...extra,
  });

export function commitment(id: string, extra: Partial<IcoCommitment> = {}): IcoCommitment {
  return {
    id,
    icoId: '5',
    token: 'TOKN',
    name: 'Token Network',
    tokenPrice: '0.1',
    status: 'committed',
    committed: '50',
    spent: '0',
    refunded: '0',
    tokens: null,
    committedAt: T0,
    allocatedAt: null,
    refundAt: T0 + 48 * HOUR,
    refundedAt: null,
    listingAt: T0 + 72 * HOUR,
    creditedAt: null,
    ...extra,
  };
}

export const usdtAssets = (available: string) => ({
  accountType: 'real',
  balances: [{ wallet: 'coin', currency: 'USDT', available, frozen: '0', locked: '0', total: available }],
});
