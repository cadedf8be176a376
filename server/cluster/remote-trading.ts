import type { Bus } from '../bus/bus';
import { BusTimeout } from '../bus/bus';
import type { Db } from '../db/client';
import { ApiError } from '../http/errors';
import type { ContractTrading } from '../trading/contracts/engine';
import type { TradingLog } from '../trading/deps';
import type { Trading } from '../trading/services';
import { loadSpotSettings, SETTINGS_REFRESH_MS, type SpotSettings } from '../trading/spot/settings';
import type { SpotTrading } from '../trading/spot/engine';
import type { OwnerDirectory } from './owner';
import { answerOf, unwrap } from './rpc';
import { partitionSubjects, type PartitionSubjects } from './subjects';

/**
 * The engine calls that cross the bus, by name: a follower forwards exactly these, and the
 * owner dispatches nothing else (a message on the subject cannot call arbitrary code).
 */
export const REMOTE_CALLS = {
  spot: ['place', 'cancel', 'modify', 'expireDue', 'onDemoReset'],
  contracts: [
    'rules',
    'open',
    'preview',
    'list',
    'active',
    'query',
    'close',
    'closeAll',
    'setTakeProfit',
    'setStopLoss',
    'addMargin',
    'onDemoReset',
    'settled',
    'transfer',
    'assets',
  ],
  exchange: ['exchange'],
  conditional: ['add', 'cancel', 'modify', 'expireDue', 'onDemoReset'],
} as const satisfies Record<'spot' | 'contracts' | 'exchange' | 'conditional', readonly string[]>;

type Area = keyof typeof REMOTE_CALLS;
type Call = { area: Area; method: string; args: unknown[] };

/** A trading call answered by the owner: longer than any batch, shorter than a client's patience. */
const CALL_MS = 10_000;

/** The owner's side: answers trading calls from the other nodes with its own engines. */
export function serveTrading(
  bus: Bus,
  trading: Trading,
  owner: string,
  subjects: PartitionSubjects = partitionSubjects(0),
  log?: TradingLog,
): () => void {
  return bus.serve(subjects.trading(owner), (data) => {
    const { area, method, args } = data as Call;
    return answerOf(
      async () => {
        const allowed = (REMOTE_CALLS[area] as readonly string[] | undefined)?.includes(method);
        if (!allowed) throw new Error(`not a remote trading call: ${String(area)}.${String(method)}`);
        const target = trading[area] as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
        return target[method]!(...args);
      },
      // The caller's node answers 500 with the message only: the stack is logged where it was thrown.
      (error) =>
        log?.error({ err: error, call: `${String(area)}.${String(method)}` }, 'forwarded call failed'),
    );
  });
}

/** Between two asks of an owner nobody answers for (a takeover under way), within CALL_MS. */
const NO_OWNER_RETRY_MS = 100;

/**
 * The owner a call was delivered to lost the partition before answering (stopped without dying,
 * and another node took over): it can no longer commit anything, since its later batches are
 * refused by the epoch fence (fence.ts), but it may have committed the call before it stopped.
 */
class OwnerMoved extends Error {}

async function call(
  bus: Bus,
  subjects: PartitionSubjects,
  owner: OwnerDirectory,
  area: Area,
  method: string,
  args: unknown[],
): Promise<unknown> {
  const deadline = Date.now() + CALL_MS;
  for (;;) {
    const name = await owner.current();
    try {
      if (name === null) throw new BusTimeout(subjects.trading('none'), false);
      // Waits for the answer, or for the partition to move away from the node asked: then
      // nothing more can come of the call, and the user hears at once that it may have been
      // done (check your orders), not after the whole CALL_MS.
      const watch = owner.movedFrom(name);
      try {
        const answer = await Promise.race([
          bus.request(subjects.trading(name), { area, method, args }, deadline - Date.now()),
          watch.moved.then(() => {
            throw new OwnerMoved();
          }),
        ]);
        return unwrap(answer);
      } finally {
        watch.cancel();
      }
    } catch (error) {
      if (error instanceof OwnerMoved) throw new ApiError('TRADING_UNCONFIRMED');
      if (!(error instanceof BusTimeout)) throw error;
      // Not delivered: nobody serves that name (it died, or the owner is starting). Ask who owns
      // the partition now and try again, within the call's time: nothing was done.
      if (!error.delivered && Date.now() + NO_OWNER_RETRY_MS < deadline) {
        await new Promise((r) => setTimeout(r, NO_OWNER_RETRY_MS));
        await owner.reread();
        continue;
      }
      throw new ApiError(error.delivered ? 'TRADING_UNCONFIRMED' : 'TRADING_UNAVAILABLE');
    }
  }
}

type Line = { bus: Bus; subjects: PartitionSubjects; owner: OwnerDirectory };

function forward<T>({ bus, subjects, owner }: Line, area: Area): T {
  return Object.fromEntries(
    REMOTE_CALLS[area].map((method) => [
      method,
      (...args: unknown[]) => call(bus, subjects, owner, area, method, args),
    ]),
  ) as T;
}

/**
 * A follower's `ctx.trading`: every engine call goes to the partition owner over
 * the bus, so one writer matches, books and liquidates whatever node the user reached. What
 * the routes read synchronously (cost settings, the clock) is this node's own.
 */
export function remoteTrading(
  bus: Bus,
  db: Db,
  owner: OwnerDirectory,
  subjects: PartitionSubjects = partitionSubjects(0),
): Trading {
  const line: Line = { bus, subjects, owner };
  let settings: SpotSettings | null = null;
  let refresh: ReturnType<typeof setInterval> | null = null;
  const clock = { now: () => Date.now() };
  const spot: SpotTrading = {
    ...forward<Pick<SpotTrading, (typeof REMOTE_CALLS.spot)[number]>>(line, 'spot'),
    async start() {
      settings = await loadSpotSettings(db);
      refresh = setInterval(() => {
        loadSpotSettings(db).then(
          (next) => (settings = next),
          () => undefined,
        );
      }, SETTINGS_REFRESH_MS);
      refresh.unref();
    },
    stop() {
      if (refresh) clearInterval(refresh);
    },
    settings() {
      if (!settings) throw new Error('remote trading not started');
      return settings;
    },
    now: clock.now,
    restingCount: () => 0,
  };
  const contracts: ContractTrading = {
    ...forward<Omit<ContractTrading, 'start' | 'stop'>>(line, 'contracts'),
    async start() {},
    stop() {},
  };
  return {
    spot,
    contracts,
    exchange: forward<Trading['exchange']>(line, 'exchange'),
    conditional: forward<Trading['conditional']>(line, 'conditional'),
    clock,
    async start() {
      await spot.start();
    },
    async stop() {
      spot.stop();
    },
  };
}
