import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from './db/client';
import { settings } from './db/schema/system';
// robots
import { DEFAULT_ROBOT_SETTINGS } from './robots/settings-schema';
import { settingSchemas } from './setting-schemas';

export type SettingKey = keyof typeof settingSchemas;
export type Settings = { [K in SettingKey]: z.infer<(typeof settingSchemas)[K]> };

export const DEFAULT_SETTINGS: Settings = {
  serviceSaleSmartly: '',
  demoStartingBalances: [
    { wallet: 'stock', currency: 'TRY', amount: '1000000' },
    { wallet: 'coin', currency: 'USDT', amount: '10000' },
  ],
  // Typical of Turkish online brokers: 0.15% commission, BSMV 5% of it, BIST's 0.003% fee.
  stockCosts: { commissionRate: '0.0015', minCommission: '0', bsmvRate: '0.05', exchangeFeeRate: '0.00003' },
  stockOrderLimits: { minAmount: '1', maxShares: 1_000_000 },
  coinSpot: { feeRate: '0.001', minAmount: '5' },
  // Tier deductions keep the maintenance margin continuous across tier edges.
  contracts: {
    leverages: [1, 2, 3, 5, 10, 20],
    feeRate: '0.0005',
    liquidationFeeRate: '0.005',
    tiers: [
      { maxNotional: '50000', mmr: '0.005', deduction: '0' },
      { maxNotional: '250000', mmr: '0.01', deduction: '250' },
      { maxNotional: '1000000', mmr: '0.025', deduction: '4000' },
      { maxNotional: null, mmr: '0.05', deduction: '29000' },
    ],
    minNotional: '5',
    // 2: the disclosure states the liquidation fee's rate (seed step 0005 raises stored settings).
    riskVersion: 2,
  },
  // Paper money: bank hours as Turkish brokers keep them (weekdays 09:00–17:00 Istanbul); the
  // receiving IBANs are valid-looking sandbox numbers that belong to nobody.
  funding: {
    hours: { alwaysOpen: false, days: [1, 2, 3, 4, 5], from: '09:00', to: '17:00' },
    deposit: { min: '100', max: '1000000' },
    withdraw: { min: '100', max: '500000', feeRate: '0', feeMin: '0', expectedHours: 24 },
    maxCards: 5,
    channels: [
      {
        id: 'ziraat',
        bankName: 'T.C. Ziraat Bankası',
        iban: 'TR420001000000000000000001',
        holderName: 'Seans Sandbox A.Ş.',
      },
      {
        id: 'garanti',
        bankName: 'Garanti BBVA',
        iban: 'TR130006200000000000000002',
        holderName: 'Seans Sandbox A.Ş.',
      },
    ],
    simulator: null,
  },
  coinFunding: {
    coins: [
      {
        currency: 'USDT',
        name: 'Tether',
        chains: [
          {
            chain: 'TRC20',
            name: 'Tron (TRC20)',
            depositEnabled: true,
            withdrawEnabled: true,
            minDeposit: '1',
            confirmations: 19,
            minWithdraw: '10',
            withdrawFee: '1',
            expectedMinutes: 5,
          },
          {
            chain: 'ERC20',
            name: 'Ethereum (ERC20)',
            depositEnabled: true,
            withdrawEnabled: true,
            minDeposit: '5',
            confirmations: 12,
            minWithdraw: '20',
            withdrawFee: '5',
            expectedMinutes: 10,
          },
        ],
      },
      {
        currency: 'BTC',
        name: 'Bitcoin',
        chains: [
          {
            chain: 'BTC',
            name: 'Bitcoin',
            depositEnabled: true,
            withdrawEnabled: true,
            minDeposit: '0.0001',
            confirmations: 2,
            minWithdraw: '0.001',
            withdrawFee: '0.0002',
            expectedMinutes: 60,
          },
        ],
      },
      {
        currency: 'ETH',
        name: 'Ethereum',
        chains: [
          {
            chain: 'ERC20',
            name: 'Ethereum (ERC20)',
            depositEnabled: true,
            withdrawEnabled: true,
            minDeposit: '0.001',
            confirmations: 12,
            minWithdraw: '0.01',
            withdrawFee: '0.002',
            expectedMinutes: 10,
          },
        ],
      },
    ],
    maxAddresses: 20,
    simulator: null,
  },
  exchange: { spread: '0.002', feeRate: '0.001', quoteSeconds: 10 },
  // A contract on 100 shares, strikes 2.5% apart, a 0.3% fee (at least 1 TRY) like a stock order's
  // costs; the rate near the Turkish policy rate; expiries closing within 15 minutes not sold.
  options: {
    multiplier: 100,
    strikeStepRate: '0.025',
    strikesEachSide: 5,
    feeRate: '0.003',
    minFee: '1',
    minPremium: '10',
    maxContracts: 1000,
    closeSpread: '0.02',
    priceTolerance: '0.02',
    rate: '0.40',
    minLifeMinutes: 15,
    quoteSeconds: 10,
  },
  // AI stock products: two plain rules on the BIST 100, rebalanced weekly.
  aiProducts: {
    products: [
      {
        id: 'momentum-5',
        kind: 'momentum',
        weighting: 'equal',
        lookbackDays: 20,
        count: 5,
        rebalanceDays: 7,
        universe: 'XU100',
        minAmount: '1000',
      },
      {
        id: 'low-vol-5',
        kind: 'low_volatility',
        weighting: 'inverse_vol',
        lookbackDays: 20,
        count: 5,
        rebalanceDays: 7,
        universe: 'XU100',
        minAmount: '1000',
      },
    ],
    backtestDays: 120,
  },
  // robots
  robots: DEFAULT_ROBOT_SETTINGS,
  // Loans: 1,000–100,000 TRY for a week to three months at 0.05% a day (18.25% a year),
  // and 0.05% a day more once overdue.
  loans: {
    minAmount: '1000',
    maxAmount: '100000',
    days: [7, 14, 30, 60, 90],
    rateKind: 'daily',
    rate: '0.0005',
    penaltyRate: '0.0005',
  },
  // — membership: a week's trial, then 499 TRY for 30 days —
  vip: { trialDays: 7, price: '499', validityDays: 30 },
  replay: { retentionDays: 3, startingBalances: { TRY: '100000', USDT: '10000' } },
};

/** Reads one setting; a missing or malformed row falls back to the default rather than failing a request. */
export async function readSetting<K extends SettingKey>(db: Db, key: K): Promise<Settings[K]> {
  const rows = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  const parsed = settingSchemas[key].safeParse(rows[0]?.value);
  return (parsed.success ? parsed.data : DEFAULT_SETTINGS[key]) as Settings[K];
}
