import { Session } from 'node:inspector/promises';

type Frame = { functionName: string; url: string };
type ProfileNode = { id: number; callFrame: Frame; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[] };

/** What a sample's stack was doing: a part named by `parts`, the rest, or none (idle, GC, the engine). */
export type Shares = { parts: Record<string, number>; rest: number; gc: number; other: number };

/**
 * Runs `work` under V8's sampling profiler in this process and counts its samples by stack: a
 * sample goes to the part matching the frame of its stack nearest the running one, else to the
 * rest; the collector's and the engine's own samples are counted apart. A sample is taken
 * only while the thread runs (a signal waits for it to be scheduled), so counts are shares of
 * this thread's CPU, whatever else the machine runs: unlike a CPU-time difference between two
 * runs, which a loaded machine swings by a third.
 */
export async function profileShares(
  parts: Record<string, (frame: Frame) => boolean>,
  work: () => Promise<void>,
  intervalUs = 250,
): Promise<Shares> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: intervalUs });
    await session.post('Profiler.start');
    let profile: Profile;
    try {
      await work();
    } finally {
      ({ profile } = (await session.post('Profiler.stop')) as { profile: Profile });
    }
    return count(profile, parts);
  } finally {
    session.disconnect();
  }
}

function count(profile: Profile, parts: Record<string, (frame: Frame) => boolean>): Shares {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const names = Object.keys(parts);
  // A node's part, found once: the first part matching a frame from it to the root.
  const partOf = new Map<number, string | null>();
  const part = (id: number): string | null => {
    const known = partOf.get(id);
    if (known !== undefined) return known;
    const frame = byId.get(id)!.callFrame;
    const own = names.find((name) => parts[name]!(frame));
    const up = parent.get(id);
    const found = own ?? (up === undefined ? null : part(up));
    partOf.set(id, found);
    return found;
  };
  const shares: Shares = { parts: Object.fromEntries(names.map((n) => [n, 0])), rest: 0, gc: 0, other: 0 };
  for (const id of profile.samples) {
    const name = byId.get(id)!.callFrame.functionName;
    if (name === '(garbage collector)') shares.gc++;
    else if (name === '(idle)' || name === '(program)' || name === '(root)') shares.other++;
    else {
      const found = part(id);
      if (found === null) shares.rest++;
      else shares.parts[found]!++;
    }
  }
  return shares;
}
