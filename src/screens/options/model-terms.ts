import type { OptionQuoteInput } from '../../../domain/market-data/contract';
import type { OptionRule } from '../../../domain/protocol/options';

export type ModelTerms = Pick<OptionQuoteInput, 'process' | 'sessions'>;

/** What the worker prices a rule's options on: the stock's process and the sessions it trades in. */
export function modelTerms(rule: Pick<OptionRule, 'volatility' | 'process' | 'sessions'>): ModelTerms {
  return { process: { ...rule.process, volatility: Number(rule.volatility) }, sessions: rule.sessions };
}

/** A stable key of those terms: a refetched rule with the same ones re-sends nothing. */
export function modelTermsKey(rule: Pick<OptionRule, 'volatility' | 'process' | 'sessions'>): string {
  return JSON.stringify(modelTerms(rule));
}
