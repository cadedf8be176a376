import Decimal from 'decimal.js';
import { armable } from '../../domain/alerts/crossing';
import { alertLevelProblem } from '../../domain/alerts/level';
import {
  ALERTS_PER_USER,
  isPriceKind,
  isRiskKind,
  MOVE_MAX,
  PERCENT_MAX,
  PERCENT_MIN,
} from '../../domain/alerts/kinds';
import { alertEndpoints } from '../../domain/protocol/endpoints/alerts';
import { appStateOf } from '../app-state';
import { alertToWire, countAlerts, deleteAlert, insertAlert, pageAlerts } from '../alerts/store';
import { createWithinCap } from '../accounts/user-cap';
import type { Db } from '../db/client';
import { ApiError } from '../http/errors';
import { implementAll } from '../http/route';
import { requireInstrument } from './market-stock';

/** Percent thresholds: a move up to 50 %, a distance or ratio up to 100 %, none below 0.1 %. */
function checkPercent(kind: 'move' | 'liquidation' | 'margin', threshold: string): void {
  const max = kind === 'move' ? MOVE_MAX : PERCENT_MAX;
  const t = new Decimal(threshold);
  if (t.lt(PERCENT_MIN) || t.gt(max)) throw new ApiError('ALERT_THRESHOLD_RANGE', { min: PERCENT_MIN, max });
}

export const alertRoutes = implementAll(alertEndpoints, 'alerts', {
  add: {
    summary: `Adds a price, move, liquidation-distance or margin-ratio alert; at most ${ALERTS_PER_USER} per account`,
    handler: async ({ db, market, trading, session, input }) => {
      const instrument = await requireInstrument(market, input.symbol, ['stock', 'index', 'coin']);
      const { symbol } = instrument;
      const { kind } = input;
      // Canonical and without trailing zeros, so the list shows what was meant ("312.50" → "312.5").
      const threshold = new Decimal(input.threshold).toFixed();
      if (isPriceKind(kind)) {
        if (new Decimal(threshold).lte(0)) throw new ApiError('ALERT_LEVEL_NOT_POSITIVE');
        const last = market.ticker(symbol)?.last;
        if (last === undefined) throw new ApiError('ALERT_NO_PRICE', { symbol });
        // The form's own rule (domain/alerts/level): a level no price could reach is a typo.
        const problem = alertLevelProblem(threshold, last);
        if (problem) throw new ApiError(problem.key, 'params' in problem ? problem.params : undefined);
        if (!armable(kind, threshold, last)) throw new ApiError('ALERT_ALREADY_PAST', { threshold });
      } else checkPercent(kind, threshold);
      if (isRiskKind(kind) && (instrument.market !== 'coin' || market.mark(symbol) === undefined))
        throw new ApiError('ALERT_NOT_CONTRACT', { symbol });
      const windowMinutes = kind === 'move' ? Number(input.period) : null;
      const cap = {
        max: ALERTS_PER_USER,
        key: 'ALERT_LIMIT_REACHED' as const,
        count: (tx: Db) => countAlerts(tx, session),
      };
      const row = await createWithinCap(db, session.userId, cap, (tx) =>
        insertAlert(tx, session, { symbol, kind, threshold, windowMinutes }, trading.clock.now()),
      );
      appStateOf(db).alerts.added(row);
      return alertToWire(row);
    },
  },
  list: {
    summary: "The session's account's alerts, newest first",
    handler: async ({ db, session, input }) => {
      const { list, total } = await pageAlerts(db, session, input.page, input.size);
      return { list: list.map(alertToWire), total, page: input.page, size: input.size };
    },
  },
  delete: {
    summary: 'Deletes one of the account’s alerts',
    handler: async ({ db, session, input }) => {
      if (!(await deleteAlert(db, session, input.id))) throw new ApiError('ALERT_NOT_FOUND');
      appStateOf(db).alerts.removed(input.id);
      return { id: String(input.id), deleted: true };
    },
  },
});
