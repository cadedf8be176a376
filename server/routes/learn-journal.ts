import { journalEndpoints } from '../../domain/protocol/endpoints/learn';
import { pageOf } from '../content/paging';
import { ApiError } from '../http/errors';
import { implementAll } from '../http/route';
import { exportCsv } from '../journal/export';
import { readTags, saveNote } from '../journal/notes';
import { journalTrades, reportSummary } from '../journal/read';
import { closedTrades } from '../journal/sources';

/** The trade journal, its reports and its CSV export: all derived from the account's own fills. */
export const journalRoutes = implementAll(journalEndpoints, 'learn', {
  list: {
    summary:
      'Closed trades (live and replay): entry, exit, size, paper and realistic P&L, costs, holding time, tags and note',
    handler: async ({ db, session, input }) => pageOf(await journalTrades(db, session, input), input),
  },
  note: {
    summary: 'Sets the tags (comma-separated) and the note of one closed trade; both empty clears them',
    handler: async ({ db, session, trading, input }) => {
      const tags = readTags(input.tags);
      const trades = await closedTrades(db, session);
      if (!trades.some((t) => t.id === input.id)) throw new ApiError('JOURNAL_TRADE_NOT_FOUND');
      await saveNote(db, session, input.id, { tags, note: input.note }, trading.clock.now());
      return { id: input.id, tags, note: input.note };
    },
  },
  summary: {
    summary:
      'P&L calendar, win rate, averages, expectancy, drawdown marked to market, Sharpe, by product and symbol; behaviour flags with their trades',
    handler: async ({ db, market, session, input }) => {
      if (input.from !== undefined && input.to !== undefined && input.from > input.to)
        throw new ApiError('REPORT_RANGE_INVALID');
      return reportSummary(db, market, session, input);
    },
  },
  export: {
    summary: 'A CSV (RFC 4180) of the journal’s trades or the statement’s rows for a date range',
    handler: ({ db, session, input }) => exportCsv(db, session, input),
  },
});
