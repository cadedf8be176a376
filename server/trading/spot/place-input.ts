import type { SpotWallet } from '../../../domain/protocol/account';
import type { Instrument } from '../../market/source';

/** An order as the spot engine places it: checked, its instrument looked up, its day known. */
export type PlaceInput = {
  userId: bigint;
  accountType: 'real' | 'demo';
  wallet: SpotWallet;
  instrument: Instrument;
  side: 'buy' | 'sell';
  type: 'market' | 'limit';
  quantity: string;
  price: string | null;
  timeInForce: 'day' | 'gtc';
  clientOrderId: string | null;
  /** The BIST session day of a day order (null for coins and good-till-cancelled). */
  tradingDay: string | null;
};
