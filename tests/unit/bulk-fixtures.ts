import type { Block, BlockDetail, BlockOrder } from '../../domain/protocol/bulk';
import { COSTS, T0 } from './ipo-fixtures';

const DAY = 86_400_000;

/**
 * Answers of the block endpoints, typed by domain/protocol/bulk.ts and shaped like the seeded
 * THYAO block (server/primary/bulk/seed.ts): 5 % off a 318.50 close is 302.575 → 302.57 (kuruş,
 * down) → 302.50 (the 0.25 tick of the 250–499.75 tier).
 */
export function block(extra: Partial<Block> = {}): Block {
  return {
    id: '1',
    symbol: 'THYAO',
    name: 'Türk Hava Yolları A.O.',
    status: 'open',
    referencePrice: '318.5',
    lastPrice: '320.25',
    price: '302.5',
    discount: '0.05',
    lotSize: 1,
    lotsOffered: '500000',
    lotsRemaining: '480000',
    minLots: '100',
    maxLots: '20000',
    opensAt: T0 - DAY,
    closesAt: T0 + 7 * DAY,
    lockupDays: 30,
    lockupEndsAt: T0 + 30 * DAY,
    vipOnly: false,
    boughtLots: '0',
    ...extra,
  };
}

export const blockDetail = (extra: Partial<BlockDetail> = {}): BlockDetail => ({
  ...block(),
  costs: COSTS,
  ...extra,
});

export function blockOrder(id: string, extra: Partial<BlockOrder> = {}): BlockOrder {
  return {
    id,
    blockId: '1',
    symbol: 'THYAO',
    name: 'Türk Hava Yolları A.O.',
    lots: '100',
    lotSize: 1,
    referencePrice: '318.5',
    price: '302.5',
    discount: '0.05',
    amount: '30250',
    costs: '48.56',
    total: '30298.56',
    boughtAt: T0,
    lockedUntil: T0 + 30 * DAY,
    locked: true,
    ...extra,
  };
}
