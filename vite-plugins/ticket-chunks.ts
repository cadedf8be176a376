import { statSync } from 'node:fs';
import path from 'node:path';
import type { CodeSplittingGroup, ModuleInfo } from 'rolldown';
import type { Plugin } from 'vite';
import { sharedGroups, type GraphNode } from './chunk-clusters.ts';

/**
 * The Trade tab's code as a few chunks instead of ~55. Left to the automatic split, every module
 * the tab's spot ticket shares with a different set of screens became a chunk of its own (a form
 * field, a locale's texts, a wire schema, zod, decimal.js…), each a request on a slow phone
 * network (six at a time) and a `<link rel="modulepreload">` the preload helper appends on the
 * main thread before the ticket can run. Here those modules are grouped by chunk-clusters.ts:
 * chunks that screens load together merge unless the merge makes others load much for nothing.
 *
 * The tab's own modules stay chunks of their own (the screen, each ticket, the first calls), so
 * opening on spot still loads nothing of the contract ticket's own code. Nothing of the first load
 * of `/` is taken: a module the entry or Home's first screen imports stays where it is, or the
 * entry would import a ticket chunk (scripts/bundle-budget.mjs).
 */
const TICKET_ROOTS = [
  'src/screens/trade/trade-screen.tsx',
  'src/screens/contract/spot-panel.tsx',
  'src/screens/contract/spot-first-calls.ts',
];
/**
 * What the spot ticket loads right after its first paint or at its first order: its orders list,
 * the declarations it calls with their schemas, zod. Grouped apart from the roots above (a
 * chunk of theirs never holds one of these), so the first paint loads none of it; left alone,
 * each schema module was a file of its own.
 */
const LATER_ROOTS = [
  'src/screens/contract/spot-orders.tsx',
  'domain/protocol/endpoints/order-preview.ts',
  'domain/protocol/endpoints/coin-orders.ts',
  'domain/protocol/endpoints/user.ts',
  'src/services/conditional-banner.ts',
];
/**
 * What the spot ticket computes once a figure is typed (its rules, with decimal.js): after its
 * first paint too, but grouped apart from the later parts above, whose groups hold modules that
 * import zod: with them, a figure typed at once waited for zod as well.
 */
const RULES_ROOTS = ['src/screens/contract/spot-rules.ts'];
/**
 * The screens the rules' groups make load nothing for nothing, besides KEPT_SCREENS: the tabs and
 * the instrument screens, which people open first (and the benchmarks measure). Grouped with the
 * kept screens alone, the IPO tab loaded the confirm sheet's PIN field and the forms' styles
 * with a cost rule it reads.
 */
const RULES_KEPT = [
  'src/screens/tabbar/home-screen.tsx',
  'src/screens/tabbar/home-portfolio.tsx',
  'src/screens/ipo/ipo-tab-screen.tsx',
  'src/screens/trade/trade-screen.tsx',
  'src/screens/mine/mine-screen.tsx',
  'src/screens/instrument/stock-screen.tsx',
  'src/screens/instrument/coin-screen.tsx',
];
/**
 * zod itself, a chunk of its own beside the declarations' schemas: the idle preload
 * (src/routes/idle-preload.ts) evaluates it in a task of its own, and then the schemas in the
 * next, rather than both in one long task.
 */
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;
/**
 * decimal.js, a chunk of its own (grouped with the spot ticket's later parts, it took their zod
 * along to every screen that computes money) under a name no group takes (`later-decimal` is
 * domain/contracts/decimal.ts's), which tests can tell: the spot ticket loads it with its rules,
 * after its first paint (src/screens/contract/use-spot-rules.ts), the wallet not before its
 * balances show. With it domain/format/parse.ts, which reads wire decimals with it: alone, it
 * was one more file (and name in the entry's lists) for every screen that reads one.
 */
const DECIMAL = /[\\/]node_modules[\\/]decimal\.js[\\/]|[\\/]domain[\\/]format[\\/]parse\.ts$/;
const DECIMAL_CHUNK = 'decimal-js';
/** The lazy screens of the first load of `/` (the splash and Home, vite-plugins/route-preload.ts). */
const FIRST_LOAD_SCREENS = ['src/screens/common/start-screen.tsx', 'src/screens/tabbar/home-screen.tsx'];
/**
 * Screens that load nothing extra for the tickets' sake: Markets, the tab a guest opens from
 * Home, needs two of the modules it shares with them; Assets, the wallet, a handful. Grouped with
 * the tickets' others, each would load ~10 KB of gzip it never runs.
 */
const KEPT_SCREENS = ['src/screens/markets/markets-screen.tsx', 'src/screens/mine/assets-screen.tsx'];
/**
 * One file fewer, worth ~16 KB of source to a screen's load: on the reference phone's network
 * (150 ms round trips, six requests at a time, 1.6 Mbps) and CPU, a file costs ~25 ms of its
 * round trips and ~3 ms of the main thread's link; 16 KB of source is ~5 KB of gzip, ~25 ms.
 */
const FILE_WORTH = 16_000;

/** A module's bytes: its transformed source, or the stylesheet's file (a CSS module's JS is empty). */
function sizeOf(info: ModuleInfo): number {
  if (/\.css$/.test(info.id)) {
    try {
      return statSync(info.id).size;
    } catch {
      return 0;
    }
  }
  return info.code?.length ?? 0;
}

function nodeOf(info: ModuleInfo): GraphNode {
  return {
    importers: info.importers,
    imported: info.importedIds,
    lazy: info.dynamicImporters.length > 0,
    entry: info.isEntry,
    size: sizeOf(info),
  };
}

/**
 * The plugin reads the module graph once it is complete (buildEnd) and the group, used by the
 * chunking that follows, names each module's chunk from it.
 */
export function ticketChunks(root: string): { plugin: Plugin; group: CodeSplittingGroup } {
  let names = new Map<string, string>();
  return {
    plugin: {
      name: 'seans:ticket-chunks',
      apply: 'build',
      buildEnd() {
        const graph = new Map<string, GraphNode>();
        for (const id of this.getModuleIds()) {
          if (DECIMAL.test(id)) continue;
          const info = this.getModuleInfo(id);
          if (info) graph.set(id, nodeOf(info));
        }
        const at = (files: readonly string[]) => new Set(files.map((file) => path.resolve(root, file)));
        const groups = (roots: readonly string[], prefix: string, kept = at(KEPT_SCREENS)) =>
          sharedGroups(graph, {
            roots: at(roots),
            first: at(FIRST_LOAD_SCREENS),
            kept,
            fileWorth: FILE_WORTH,
            prefix,
          });
        // The first paint's groups last: a module both need goes where the first paint has it; and
        // one the rules and the later parts share goes with the rules.
        names = new Map([
          ...groups(LATER_ROOTS, 'later-'),
          ...groups(RULES_ROOTS, 'rules-', at([...KEPT_SCREENS, ...RULES_KEPT])),
          ...groups(TICKET_ROOTS, 'shared-'),
        ]);
      },
    },
    group: {
      debugName: 'ticket-chunks',
      name: (id) => (ZOD.test(id) ? 'later-zod' : DECIMAL.test(id) ? DECIMAL_CHUNK : (names.get(id) ?? null)),
      // A grouped module's imports stay where the rules above put them: pulled in, one that the
      // entry or Home imports would move the first load's code into a ticket chunk.
      includeDependenciesRecursively: false,
    },
  };
}
