import { z } from 'zod';
import { BEHAVIOUR_FLAGS } from '../journal/behaviour';
import { CALENDAR_PERIODS } from '../journal/calendar';
import { JOURNAL_PRODUCTS, JOURNAL_SOURCES } from '../journal/trade';
import { QUESTION_TOPICS, RISK_CHECK_KINDS } from '../risk-check/question';
import { decimal, epochMs, int, oneOf, paging, rowId, symbolField, text } from '../validation/fields';
import { POSITION_SIDES } from './contracts';
import { OPTION_KINDS } from './options';
import { pageOf } from './content';
import { dec, ms } from './wire-kinds';

/** The most tags a trade keeps, the longest tag and note (docs/limits.md). */
export const JOURNAL_TAGS_MAX = 8;
export const JOURNAL_TAG_LENGTH = 24;
export const JOURNAL_NOTE_LENGTH = 1000;
/** The longest range one CSV export covers. */
export const EXPORT_DAYS_MAX = 366;

// —— the risk check ——

/** The position about to be opened: a contract's terms, or an option's. */
export const riskCheckStartRequestSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('leverage'),
    symbol: symbolField,
    side: oneOf(POSITION_SIDES),
    leverage: int({ min: 1, max: 125 }),
    margin: decimal(),
  }),
  z.object({
    kind: z.literal('option'),
    symbol: symbolField,
    optionKind: oneOf(OPTION_KINDS),
    strike: decimal(),
    expiresAt: int({ min: 1, max: Number.MAX_SAFE_INTEGER }),
    contracts: int({ min: 1, max: 10_000 }),
  }),
]);
export type RiskCheckStartRequest = z.input<typeof riskCheckStartRequestSchema>;

export const riskChoiceSchema = z.object({
  id: z.string(),
  value: dec.nullable(),
  tag: z.enum(['amount', 'liquidated', 'unlimited']),
});
export const riskQuestionSchema = z.object({
  id: z.string(),
  topic: z.enum(QUESTION_TOPICS),
  /** A currency, or 'price'. */
  unit: z.string(),
  facts: z.record(z.string(), z.string()),
  choices: z.array(riskChoiceSchema),
});
export type RiskQuestion = z.infer<typeof riskQuestionSchema>;

/** A round: its questions, never their answers. */
export const riskCheckRoundSchema = z.object({
  id: z.string(),
  kind: z.enum(RISK_CHECK_KINDS),
  /** Passed before this round (the check may be taken again to practise). */
  passed: z.boolean(),
  questions: z.array(riskQuestionSchema),
});
export type RiskCheckRound = z.infer<typeof riskCheckRoundSchema>;

export const riskCheckAnswerRequestSchema = z.object({
  id: rowId,
  question: text({ max: 8 }),
  choice: oneOf(['a', 'b', 'c', 'd']),
});

/**
 * The answer's verdict: the right choice and the figures that explain it; after a wrong answer,
 * the same topic on other numbers (`next`, its id new). `passed` once every question is answered right.
 */
export const riskCheckVerdictSchema = z.object({
  correct: z.boolean(),
  answer: z.string(),
  topic: z.enum(QUESTION_TOPICS),
  explain: z.record(z.string(), z.string()),
  next: riskQuestionSchema.nullable(),
  /** Questions still to answer right. */
  remaining: z.number().int(),
  passed: z.boolean(),
});
export type RiskCheckVerdict = z.infer<typeof riskCheckVerdictSchema>;

// —— the journal ——

export const journalListRequestSchema = z.object({
  source: oneOf(JOURNAL_SOURCES).optional(),
  product: oneOf(JOURNAL_PRODUCTS).optional(),
  from: epochMs.optional(),
  to: epochMs.optional(),
  ...paging,
});

export const journalTradeSchema = z.object({
  id: z.string(),
  source: z.enum(JOURNAL_SOURCES),
  product: z.enum(JOURNAL_PRODUCTS),
  symbol: z.string(),
  currency: z.string(),
  side: z.enum(['long', 'short']),
  openedAt: ms,
  closedAt: ms,
  holdingMs: ms,
  entry: dec,
  exit: dec,
  qty: dec,
  /** Paper P&L after costs. */
  pnl: dec,
  /** What the same trade would have made on a real venue; null where that is not known. */
  realisticPnl: dec.nullable(),
  costs: dec,
  leverage: z.number().int().nullable(),
  tags: z.array(z.string()),
  note: z.string(),
});
export type JournalTrade = z.infer<typeof journalTradeSchema>;
export const journalPageSchema = pageOf(journalTradeSchema);

/** Tags comma-separated (a form has no lists); an empty string clears them. */
export const journalNoteRequestSchema = z.object({
  id: text({ max: 80 }),
  tags: z
    .string()
    .max(JOURNAL_TAGS_MAX * (JOURNAL_TAG_LENGTH + 1) + 40, { error: 'FIELD_TOO_LONG' })
    .default(''),
  note: text({ max: JOURNAL_NOTE_LENGTH, min: 0, multiline: true }).default(''),
});
export const journalNoteSchema = z.object({ id: z.string(), tags: z.array(z.string()), note: z.string() });

// —— reports ——

export const reportSummaryRequestSchema = z.object({
  from: epochMs.optional(),
  to: epochMs.optional(),
  period: oneOf(CALENDAR_PERIODS).default('day'),
});

export const tradeStatsSchema = z.object({
  trades: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  winRate: dec.nullable(),
  totalPnl: dec,
  avgWin: dec.nullable(),
  avgLoss: dec.nullable(),
  expectancy: dec.nullable(),
  maxDrawdown: dec,
  sharpe: dec.nullable(),
});
export type TradeStatsWire = z.infer<typeof tradeStatsSchema>;

export const reportSummarySchema = z.object({
  overall: z.array(z.object({ currency: z.string(), stats: tradeStatsSchema })),
  byProduct: z.array(
    z.object({ product: z.enum(JOURNAL_PRODUCTS), currency: z.string(), stats: tradeStatsSchema }),
  ),
  bySymbol: z.array(z.object({ symbol: z.string(), currency: z.string(), stats: tradeStatsSchema })),
  calendar: z.array(
    z.object({
      key: z.string(),
      currency: z.string(),
      pnl: dec,
      trades: z.number().int(),
      wins: z.number().int(),
    }),
  ),
  flags: z.array(
    z.object({
      kind: z.enum(BEHAVIOUR_FLAGS),
      raised: z.boolean(),
      figures: z.record(z.string(), z.string()),
      tradeIds: z.array(z.string()),
    }),
  ),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

/** GET: a CSV of the journal's trades or of the statement's rows closed in [from, to]. */
export const reportExportRequestSchema = z.object({
  kind: oneOf(['trades', 'statement']),
  from: epochMs,
  to: epochMs,
});
export const EXPORT_TYPES = ['text/csv'] as const;
