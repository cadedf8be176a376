// Bundles the broker (server/main.ts and the repository's own modules it imports) into one ES
// module, dist/server.mjs, which `npm start`, `npm run cluster` and the benchmarks run with plain
// node. Under tsx a broker process also carries a TypeScript loader (on Node 20 its module hooks
// run in a thread of their own, a second V8 isolate) and the transpiled text of every module:
// 40–60 MB of its idle memory (the goal is ≤ 300 MB, docs/capacity.md). The packages in
// node_modules stay outside the bundle and load as they always do. `npm run dev` and the tests
// that start server/main.ts themselves keep tsx.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, stop } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');
// One folder below the root, like server/paths.ts, whose `..` must name the root from both.
// SERVER_BUNDLE names another file when builds of different trees must not replace each other.
export const SERVER_BUNDLE = path.resolve(ROOT, process.env.SERVER_BUNDLE ?? path.join('dist', 'server.mjs'));

/** Builds dist/server.mjs (about half a second); returns its path. Throws when the build fails. */
export async function buildServer() {
  const result = await build({
    entryPoints: [path.join(ROOT, 'server', 'main.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Error types and functions keep their names in logs (pino reports an error's class).
    keepNames: true,
    sourcemap: 'linked',
    sourcesContent: false,
    write: false,
    logLevel: 'warning',
  });
  // esbuild keeps a service process for the next build: the broker that follows has no use for it.
  await stop();
  mkdirSync(path.dirname(SERVER_BUNDLE), { recursive: true });
  // Brokers may build at the same moment (a cluster, parallel tests): each writes beside the
  // target and renames it into place, so none imports a half-written file.
  for (const file of result.outputFiles) {
    const partial = `${file.path}.${process.pid}.partial`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
  return SERVER_BUNDLE;
}
