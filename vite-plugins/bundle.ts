import { createHash } from 'node:crypto';
import type { OutputBundle, OutputChunk } from 'rolldown';

export const hashOf = (source: string) => createHash('sha256').update(source).digest('base64url').slice(0, 8);

export function isChunk(item: OutputBundle[string] | undefined): item is OutputChunk {
  return item?.type === 'chunk';
}

/** A chunk's file, its static imports' files and their CSS, skipping what the entry already has. */
export function closure(bundle: OutputBundle, start: string, skip: ReadonlySet<string>): string[] {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file) || skip.has(file)) continue;
    seen.add(file);
    const chunk = bundle[file];
    if (!isChunk(chunk)) continue;
    queue.push(...chunk.imports);
    for (const css of chunk.viteMetadata?.importedCss ?? []) seen.add(css);
  }
  return [...seen];
}

/**
 * What the preload plugins read from a finished build: index.html, the entry chunk, and each
 * module's chunk; `indexesOf` gives the files a chunk needs beyond what the entry loads, as
 * indexes into `files`, which it adds to, so a file two screens share is written once. Null when
 * the build has no page or no entry (a library build).
 */
export function readBuild(bundle: OutputBundle) {
  const html = bundle['index.html'];
  if (html?.type !== 'asset') return null;
  const chunks = Object.values(bundle).filter(isChunk);
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) return null;
  const loaded = new Set(closure(bundle, entry.fileName, new Set()));
  const byModule = new Map(chunks.map((c) => [c.facadeModuleId, c.fileName]));
  /** The chunk of a source module named without its extension. */
  const chunkOf = (base: string) => byModule.get(`${base}.tsx`) ?? byModule.get(`${base}.ts`);
  const files: string[] = [];
  const indexesOf = (chunk: string) =>
    closure(bundle, chunk, loaded).map((file) => {
      const at = files.indexOf(file);
      return at >= 0 ? at : files.push(file) - 1;
    });
  return { html, entry, byModule, chunkOf, files, indexesOf };
}
