import { z } from 'zod';
import { decimal } from '../../domain/validation/fields';
import { INTERVALS } from '../../domain/market/instrument';
import { strategyParamsSchema } from '../../domain/robots/strategies';

/** Capital limits and rates, at the scale of the money column the orders' capital is kept in. */
const amount = decimal();
const rate = amount.refine((v) => !v.startsWith('-') && Number(v) < 1);

/**
 * The robots on sale (setting `robots`): SPEC §3's four levels are four strategies, each
 * with its own lock-in range, start-up capital and single limit — never a promised return. The
 * withholding on realised profit (SPEC §9's 20%) and the early-stop penalty on capital are
 * disclosed before purchase; each order keeps the terms it was bought on.
 */
export const robotSettingsSchema = z.object({
  taxRate: rate,
  penaltyRate: rate,
  /** Closed bars of history the backtest runs on. */
  backtestBars: z.number().int().min(10).max(1000),
  robots: z
    .array(
      z.object({
        id: z.string().regex(/^[0-9]{1,6}$/),
        level: z.number().int().min(1).max(9),
        symbol: z.string().regex(/^[A-Z0-9]{2,20}USDT$/),
        interval: z.enum(INTERVALS),
        strategy: strategyParamsSchema,
        lockDaysMin: z.number().int().min(1).max(365),
        lockDaysMax: z.number().int().min(1).max(365),
        minCapital: amount,
        maxCapital: amount,
      }),
    )
    .max(20),
});
export type RobotSettings = z.infer<typeof robotSettingsSchema>;
export type RobotTerms = RobotSettings['robots'][number];

export const DEFAULT_ROBOT_SETTINGS: RobotSettings = {
  taxRate: '0.2',
  penaltyRate: '0.01',
  backtestBars: 500,
  robots: [
    {
      id: '1',
      level: 1,
      symbol: 'BTCUSDT',
      interval: '1h',
      strategy: { kind: 'dca', every: 4, buys: 6, takeProfit: '0.015' },
      lockDaysMin: 1,
      lockDaysMax: 7,
      minCapital: '100',
      maxCapital: '5000',
    },
    {
      id: '2',
      level: 2,
      symbol: 'BTCUSDT',
      interval: '1h',
      strategy: { kind: 'grid', levels: 5, step: '0.01' },
      lockDaysMin: 3,
      lockDaysMax: 7,
      minCapital: '500',
      maxCapital: '10000',
    },
    {
      id: '3',
      level: 3,
      symbol: 'ETHUSDT',
      interval: '1h',
      strategy: { kind: 'reversion', period: 20, width: 2 },
      lockDaysMin: 5,
      lockDaysMax: 10,
      minCapital: '1000',
      maxCapital: '20000',
    },
    {
      id: '4',
      level: 4,
      symbol: 'BTCUSDT',
      interval: '1h',
      strategy: { kind: 'trend', fast: 6, slow: 24 },
      lockDaysMin: 7,
      lockDaysMax: 15,
      minCapital: '2000',
      maxCapital: '50000',
    },
  ],
};
