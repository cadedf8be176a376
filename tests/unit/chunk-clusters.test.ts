import { describe, expect, it } from 'vitest';
import {
  clusterPieces,
  mergeGain,
  sharedGroups,
  type GraphNode,
  type Piece,
} from '../../vite-plugins/chunk-clusters';

const piece = (id: string, size: number, ...screens: string[]): Piece => ({
  id,
  size,
  screens: new Set(screens),
});
const options = { fileWorth: 16_000, kept: new Set<string>() };

describe('clusterPieces', () => {
  it('puts the modules of one set of screens in one chunk, as the automatic split does', () => {
    expect(clusterPieces([piece('b', 10, 'S1', 'S2'), piece('a', 10, 'S2', 'S1')], options)).toEqual([
      ['a', 'b'],
    ]);
  });

  it('merges two small chunks most screens load together', () => {
    // Two screens load both (2 × 16,000 gained); S3 loads b alone and would load a's 1,000 bytes.
    expect(
      mergeGain(
        { ids: ['a'], size: 1_000, screens: new Set(['S1', 'S2']) },
        { ids: ['b'], size: 1_000, screens: new Set(['S1', 'S2', 'S3']) },
        options,
      ),
    ).toBe(31_000);
    const groups = clusterPieces(
      [piece('a', 1_000, 'S1', 'S2'), piece('b', 1_000, 'S1', 'S2', 'S3'), piece('c', 1_000, 'S4')],
      options,
    );
    // c shares no screen with them: merging gains nothing and costs 1,000 × 1 + 2,000 × 3.
    expect(groups).toEqual([['a', 'b'], ['c']]);
  });

  it('keeps a large module apart from a small one the other screens do not need', () => {
    // 16,000 for S1, less 100,000 for M loading z and 500 × 2 for S2 and S3 loading t.
    const z = { ids: ['z'], size: 100_000, screens: new Set(['S1', 'S2', 'S3']) };
    const t = { ids: ['t'], size: 500, screens: new Set(['S1', 'M']) };
    expect(mergeGain(z, t, options)).toBe(16_000 - 100_000 - 1_000);
    expect(
      clusterPieces([piece('z', 100_000, 'S1', 'S2', 'S3'), piece('t', 500, 'S1', 'M')], options),
    ).toEqual([['z'], ['t']]);
  });

  it('never makes a kept screen load a byte it does not use', () => {
    const kept = { fileWorth: 16_000, kept: new Set(['M']) };
    // Without M kept, 10 × 16,000 − 1 × 10 (M loading b) gains; with M kept it may not happen.
    const screens = Array.from({ length: 10 }, (_, i) => `S${i}`);
    const pieces = [piece('a', 10, ...screens, 'M'), piece('b', 10, ...screens)];
    expect(clusterPieces(pieces, options)).toEqual([['a', 'b']]);
    expect(clusterPieces(pieces, kept)).toEqual([['a'], ['b']]);
  });

  it('gives the same groups whatever order the pieces come in', () => {
    const pieces = [
      piece('a', 1_000, 'S1', 'S2'),
      piece('b', 3_000, 'S1', 'S2', 'S3'),
      piece('c', 50_000, 'S1', 'S5'),
      piece('d', 200, 'S2', 'S3'),
    ];
    const once = clusterPieces(pieces, options);
    expect(clusterPieces([...pieces].reverse(), options)).toEqual(once);
    expect(once.flat().sort()).toEqual(['a', 'b', 'c', 'd']);
  });
});

/** A module graph from each module's imports; `lazy` ones are imported with import() somewhere. */
function graph(edges: Record<string, string[]>, lazy: string[], entry: string): Map<string, GraphNode> {
  const nodes = new Map<string, GraphNode>();
  const ids = new Set([...Object.keys(edges), ...Object.values(edges).flat()]);
  for (const id of ids) {
    const importers = Object.keys(edges).filter((from) => edges[from]?.includes(id));
    nodes.set(id, {
      importers,
      imported: edges[id] ?? [],
      lazy: lazy.includes(id),
      entry: id === entry,
      size: 1_000,
    });
  }
  return nodes;
}

describe('sharedGroups', () => {
  const at = (file: string) => `/app/${file}`;
  const main = at('src/main.tsx');
  const spot = at('src/screens/contract/spot-panel.tsx');
  const trade = at('src/screens/trade/trade-screen.tsx');
  const deposit = at('src/screens/funding/deposit-screen.tsx');
  const markets = at('src/screens/markets/markets-screen.tsx');
  const home = at('src/screens/tabbar/home-screen.tsx');
  const nodes = graph(
    {
      [main]: [at('src/state/session.ts')],
      [trade]: [at('src/components/tabs.tsx')],
      [spot]: [
        at('domain/kit.ts'),
        at('src/spot-only.ts'),
        at('src/state/session.ts'),
        at('src/paths.ts'),
        at('src/cell.tsx'),
      ],
      [deposit]: [at('domain/kit.ts'), at('src/components/tabs.tsx')],
      [markets]: [at('src/paths.ts')],
      [home]: [at('src/cell.tsx')],
    },
    [trade, spot, deposit, markets, home],
    main,
  );
  const names = sharedGroups(nodes, {
    roots: new Set([trade, spot]),
    first: new Set([home]),
    kept: new Set([markets]),
    fileWorth: 16_000,
    prefix: 'shared-',
  });

  it('groups what the roots share with other screens, each group named after its largest module', () => {
    // kit (spot, deposit) and tabs (trade, deposit): deposit loads both, so they are one chunk.
    expect(names.get(at('domain/kit.ts'))).toBe(names.get(at('src/components/tabs.tsx')));
    expect(names.get(at('domain/kit.ts'))).toMatch(/^shared-(kit|tabs)$/);
  });

  it('leaves a screen its own modules, the first load its modules, and a kept screen its bytes', () => {
    expect(names.has(at('src/spot-only.ts'))).toBe(false);
    expect(names.has(at('src/state/session.ts'))).toBe(false);
    expect(names.has(at('src/cell.tsx'))).toBe(false);
    expect(names.has(spot)).toBe(false);
    // Markets shares paths with the ticket: a chunk of its own, never one with the kit.
    expect(names.get(at('src/paths.ts'))).toBe('shared-paths');
  });
});
