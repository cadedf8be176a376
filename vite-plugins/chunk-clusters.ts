/**
 * A module to group, as the bundle sees it: its size, and the lazy chunks (screens, panels) that
 * import it, directly or through other modules.
 */
export type Piece = { id: string; size: number; screens: ReadonlySet<string> };

export type ClusterOptions = {
  /** What one file fewer is worth to one screen's load, in bytes of source it may load for nothing. */
  fileWorth: number;
  /** Screens that load nothing they do not use: a cluster never grows into bytes one of them skips. */
  kept: ReadonlySet<string>;
};

type Cluster = { ids: string[]; size: number; screens: ReadonlySet<string> };

const keyOf = (screens: ReadonlySet<string>) => [...screens].sort().join('\n');

function outside(a: ReadonlySet<string>, b: ReadonlySet<string>, kept: ReadonlySet<string>): number {
  let count = 0;
  for (const screen of a) {
    if (b.has(screen)) continue;
    if (kept.has(screen)) return Infinity;
    count += 1;
  }
  return count;
}

function shared(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let count = 0;
  for (const screen of a) if (b.has(screen)) count += 1;
  return count;
}

/**
 * What merging two clusters gains: a file fewer for every screen that loads both, less the bytes
 * each screen that loads only one of them then loads for nothing.
 */
export function mergeGain(a: Cluster, b: Cluster, options: ClusterOptions): number {
  const wasted =
    a.size * outside(b.screens, a.screens, options.kept) +
    b.size * outside(a.screens, b.screens, options.kept);
  return options.fileWorth * shared(a.screens, b.screens) - wasted;
}

/**
 * Groups pieces into chunks. It starts where the bundler's automatic split ends (one chunk per
 * set of screens that import a module) and merges, best first, the two chunks whose merge gains
 * most, while one still gains: a small file several screens load together joins its neighbour,
 * a large one that only some of them need stays apart. Deterministic: the same pieces give the
 * same groups, largest first, so chunk names and hashes hold from build to build.
 */
export function clusterPieces(pieces: readonly Piece[], options: ClusterOptions): string[][] {
  const byScreens = new Map<string, Cluster>();
  for (const piece of [...pieces].sort((a, b) => a.id.localeCompare(b.id))) {
    const key = keyOf(piece.screens);
    const cluster = byScreens.get(key) ?? { ids: [], size: 0, screens: piece.screens };
    cluster.ids.push(piece.id);
    cluster.size += piece.size;
    byScreens.set(key, cluster);
  }
  let clusters = [...byScreens.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, c]) => c);
  for (;;) {
    let best: { i: number; j: number; gain: number } | null = null;
    for (let i = 0; i < clusters.length; i += 1) {
      for (let j = i + 1; j < clusters.length; j += 1) {
        const gain = mergeGain(clusters[i] as Cluster, clusters[j] as Cluster, options);
        if (gain > 0 && (best === null || gain > best.gain)) best = { i, j, gain };
      }
    }
    if (best === null) break;
    const { i, j } = best;
    const a = clusters[i] as Cluster;
    const b = clusters[j] as Cluster;
    const merged = {
      ids: [...a.ids, ...b.ids],
      size: a.size + b.size,
      screens: new Set([...a.screens, ...b.screens]),
    };
    clusters = [...clusters.filter((_, k) => k !== i && k !== j), merged];
  }
  return clusters
    .sort((a, b) => b.size - a.size || (a.ids[0] as string).localeCompare(b.ids[0] as string))
    .map((c) => c.ids.sort());
}

/** What the grouping reads of a module; read once per module (each read crosses into the bundler). */
export type GraphNode = {
  importers: readonly string[];
  imported: readonly string[];
  /** Another module imports it with `import()`: it starts a lazy chunk (a screen, a panel). */
  lazy: boolean;
  entry: boolean;
  size: number;
};
export type Graph = ReadonlyMap<string, GraphNode>;

/**
 * The lazy chunks a module is part of, found by walking its importers up; `firstLoad` when the
 * entry or one of `first` (the first load's lazy screens) imports it.
 */
function screensOf(id: string, graph: Graph, first: ReadonlySet<string>) {
  const screens = new Set<string>();
  let firstLoad = false;
  const seen = new Set<string>();
  const queue = [id];
  while (queue.length > 0) {
    const current = queue.pop() as string;
    if (seen.has(current)) continue;
    seen.add(current);
    const node = graph.get(current);
    if (!node) continue;
    if (node.entry || first.has(current)) firstLoad = true;
    if (node.lazy) screens.add(current);
    queue.push(...node.importers);
  }
  return { screens, firstLoad };
}

/** `roots` and every module they import, directly or not. */
function importedFrom(graph: Graph, roots: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const current = queue.pop() as string;
    if (found.has(current)) continue;
    found.add(current);
    queue.push(...(graph.get(current)?.imported ?? []));
  }
  return found;
}

export type SharedOptions = ClusterOptions & {
  /** The lazy chunks whose shared modules are grouped. */
  roots: ReadonlySet<string>;
  /** The first load's lazy screens: what they or the entry import stays where it is. */
  first: ReadonlySet<string>;
  prefix: string;
};

/**
 * The chunk each module that `roots` share with other lazy chunks goes to, named after its
 * largest module. Left out: a lazy chunk's own module (merged, opening one would load the
 * others' code), a module of one lazy chunk alone (already part of it), and what the first load
 * imports (the entry would then import a grouped chunk).
 */
export function sharedGroups(graph: Graph, options: SharedOptions): Map<string, string> {
  const pieces: Piece[] = [];
  for (const id of importedFrom(graph, options.roots)) {
    const node = graph.get(id);
    if (!node || node.entry || node.lazy) continue;
    const { screens, firstLoad } = screensOf(id, graph, options.first);
    if (firstLoad || screens.size < 2) continue;
    pieces.push({ id, size: node.size, screens });
  }
  const sizeOf = (id: string) => graph.get(id)?.size ?? 0;
  const names = new Map<string, string>();
  for (const ids of clusterPieces(pieces, options)) {
    const largest = [...ids].sort((a, b) => sizeOf(b) - sizeOf(a))[0] as string;
    const base = (largest.split(/[\\/]/).pop() as string).replace(/\?.*$/, '').replace(/\.[^.]+$/, '');
    for (const id of ids) names.set(id, `${options.prefix}${base}`);
  }
  return names;
}
