import { replayEndpoints } from '../../domain/protocol/endpoints/replay';
import { implementAll } from '../http/route';
import { ApiError } from '../http/errors';
import type { ReplayRun, ReplaySpeed } from '../replay/run';
import { endReplay, replayOf, runningId, startReplay } from '../replay/service';
import { listSessions } from '../replay/sessions';
import { stateOf } from '../replay/state';
import type { z } from 'zod';
import type { replayControlSchema, replayOrderSchema } from '../../domain/protocol/replay';

type Control = z.output<typeof replayControlSchema>;
type Order = z.output<typeof replayOrderSchema>;

function control(run: ReplayRun, input: Control, now: number): Promise<void> | void {
  switch (input.action) {
    case 'pause':
      run.paused = true;
      return;
    case 'resume':
      run.paused = run.t >= run.info.to;
      return;
    case 'speed':
      if (!input.speed) throw new ApiError('FIELD_REQUIRED', { field: 'speed' });
      run.speed = Number(input.speed) as ReplaySpeed;
      return;
    case 'jump':
      if (input.at === undefined) throw new ApiError('FIELD_REQUIRED', { field: 'at' });
      return run.jump(input.at, now);
    case 'reset':
      run.reset();
      return;
  }
}

function addOrder(run: ReplayRun, input: Order): void {
  const { symbol, side, quantity } = input;
  if (input.type !== 'conditional') {
    if (input.type === 'limit' && input.price === undefined)
      throw new ApiError('FIELD_REQUIRED', { field: 'price' });
    run.place({ symbol, side, type: input.type, quantity, price: input.price });
    return;
  }
  if (!input.kind) throw new ApiError('FIELD_REQUIRED', { field: 'kind' });
  const trail =
    input.kind === 'trailing' ? { by: input.trailBy ?? 'amount', value: input.trailValue ?? '0' } : null;
  if (input.kind !== 'trailing' && input.trigger === undefined)
    throw new ApiError('FIELD_REQUIRED', { field: 'trigger' });
  run.addConditional({
    symbol,
    side,
    kind: input.kind,
    quantity,
    trigger: input.trigger ?? null,
    limit: input.limit ?? null,
    trail,
  });
}

/**
 * Replays (server/replay). Each call brings the replay's clock to now first, so an order is placed
 * and a jump is measured on the market as it stands at the replay's clock, never ahead of it.
 */
export const replayRoutes = implementAll(replayEndpoints, 'replay', {
  list: {
    summary: 'Recorded sessions that can be replayed, newest first, and the running replay',
    handler: async ({ db, session }) => ({
      list: await listSessions(db),
      running: runningId(db, session.userId),
    }),
  },
  start: {
    summary: 'Starts a replay of a recorded day with its own paper account (one at a time)',
    handler: async ({ db, market, trading, session, input }) => {
      const run = await startReplay(db, market, session.userId, input, trading.clock.now());
      return stateOf(run);
    },
  },
  control: {
    summary: "Pauses, resumes, sets the speed, jumps forward or resets the replay's paper account",
    handler: async ({ db, trading, session, input }) => {
      const now = trading.clock.now();
      const run = await replayOf(db, session.userId, input.id, now);
      return run.serial(async () => {
        await run.advance(now);
        await control(run, input, now);
        return stateOf(run);
      });
    },
  },
  state: {
    summary: "The replay's clock, balances, orders, positions and the frames since the last read",
    handler: async ({ db, trading, session, input }) => {
      const now = trading.clock.now();
      const run = await replayOf(db, session.userId, input.id, now);
      return run.serial(async () => {
        await run.advance(now);
        return stateOf(run, input.frames, input.reader);
      });
    },
  },
  addOrder: {
    summary: 'Places a market, limit or conditional order in the replay, filled on the recorded book',
    handler: async ({ db, trading, session, input }) => {
      const now = trading.clock.now();
      const run = await replayOf(db, session.userId, input.id, now);
      return run.serial(async () => {
        await run.advance(now);
        addOrder(run, input);
        return stateOf(run);
      });
    },
  },
  cancelOrder: {
    summary: 'Cancels a resting or conditional order of the replay',
    handler: async ({ db, trading, session, input }) => {
      const now = trading.clock.now();
      const run = await replayOf(db, session.userId, input.id, now);
      return run.serial(async () => {
        await run.advance(now);
        if (input.orderId.startsWith('C')) run.conditionals.cancel(input.orderId);
        else run.paper.cancel(run.market, run.info.settings, BigInt(input.orderId), run.t);
        return stateOf(run);
      });
    },
  },
  end: {
    summary: 'Ends the replay; its fills and result are kept for the journal',
    handler: async ({ db, trading, session, input }) => {
      const now = trading.clock.now();
      const run = await replayOf(db, session.userId, input.id, now);
      return run.serial(() => endReplay(db, run, now));
    },
  },
});
