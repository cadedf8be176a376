import { useMemo } from 'react';
import type { OptionRule } from '../../../domain/protocol/options';
import { useFollowOptionQuotes, useOptionQuote } from '../../market/option-quotes';
import { modelTermsKey, type ModelTerms } from './model-terms';
import type { Pick } from './option-picker';
import { spotNow } from './use-spot';

/** The worker's quote id for the ticket's current pick. */
const TICKET = 'ticket';

/** The worker's premium and Greeks for the ticket's pick, re-priced on every tick of the underlying. */
export function useTicketQuote(rule: OptionRule, pick: Pick) {
  const { symbol, rate } = rule;
  const { kind, strike, expiresAt } = pick;
  const terms = modelTermsKey(rule);
  const followed = useMemo(
    () => [
      {
        id: TICKET,
        symbol,
        kind,
        strike,
        expiresAt,
        rate,
        spot: spotNow(rule),
        ...(JSON.parse(terms) as ModelTerms),
      },
    ],
    // The spot is only the worker's price until the next tick: a refetch need not re-send.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [symbol, kind, strike, expiresAt, terms, rate],
  );
  useFollowOptionQuotes(followed);
  return useOptionQuote(TICKET);
}
