import { cp, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Served by the build itself beside each file (vite-plugins/pwa.ts), never as URLs. */
const PRECOMPRESSED = /\.(br|gz)$/;

/**
 * A copy of every build the broker has served, behind the build on disk. `npm run build` while a
 * broker ran replaced dist/client under it: the page named scripts the broker had never listed
 * (404: a blank app), and a page loaded before the build asked for chunks the build had deleted.
 * Files are now looked up when asked for, the build on disk first and then this copy, so a new
 * build is served as soon as it is written, a page already open still loads its lazy chunks, and
 * the page itself is there while a build has removed it and not yet written the next one.
 */
class KeptBuilds {
  private seen = '';
  private copying: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly clientDir: string,
    readonly dir: string,
  ) {}

  /** Copies the build on disk when its page changed since the last copy (a new build). */
  keep(): Promise<void> {
    this.copying ??= this.copy().finally(() => {
      this.copying = null;
    });
    return this.copying;
  }

  /** Removes the copies, once a copy under way has finished (it would write the folder again). */
  async close(): Promise<void> {
    this.closed = true;
    await this.copying;
    await rm(this.dir, { recursive: true, force: true });
  }

  private async copy(): Promise<void> {
    if (this.closed) return;
    const page = await stat(path.join(this.clientDir, 'index.html')).catch(() => null);
    // Mid-build (no page yet): the next request looks again.
    if (!page) return;
    const version = `${page.mtimeMs}:${page.size}`;
    if (version === this.seen) return;
    try {
      await cp(this.clientDir, this.dir, { recursive: true, force: true });
      this.seen = version;
    } catch {
      // A build deleting files under the copy: the next page request copies again.
    }
  }
}

/** A broker's copies live in `seans-kept-client-<pid>-…`: the pid says whether their owner lives. */
const KEPT = 'seans-kept-client-';
const KEPT_OWNER = /^seans-kept-client-(\d+)-/;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user has it — alive, and not ours to judge.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the copies of brokers that ended without closing (SIGKILL, a crash): ~5 MB each, left
 * in the temp folder for good. A broker sweeps them as it starts; a copy whose process lives stays.
 */
export async function sweepKeptBuilds(dir = tmpdir()): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    names.map(async (name) => {
      const pid = Number(KEPT_OWNER.exec(name)?.[1] ?? NaN);
      if (!Number.isInteger(pid) || pid === process.pid || alive(pid)) return;
      await rm(path.join(dir, name), { recursive: true, force: true }).catch(() => undefined);
    }),
  );
}

/**
 * Serves the built client. Hashed assets are cached for a year; index.html, sw.js and the manifest never are,
 * so a new deploy reaches users on their next load. Brotli or gzip come from the files the build
 * wrote beside each asset. Returns how to answer a history-mode route.
 */
/**
 * A hashed asset never changes; the rest is revalidated, so a new deploy shows on the next load.
 * Icons aside: Chromium asks for the page's icon again on every in-app navigation, and revalidated
 * (no-cache) it cost a request a tap; an icon changes rarely, and a day late is harmless.
 */
function cacheControlOf(file: string): string {
  if (/[/\\]assets[/\\]/.test(file)) return 'public, max-age=31536000, immutable';
  if (/[/\\]icons[/\\]|[/\\]favicon\.svg$/.test(file)) return 'public, max-age=86400';
  return 'no-cache';
}

export async function registerClient(
  app: FastifyInstance,
  clientDir: string,
): Promise<(reply: FastifyReply) => Promise<FastifyReply>> {
  const kept = new KeptBuilds(clientDir, await mkdtemp(path.join(tmpdir(), `${KEPT}${process.pid}-`)));
  // In the background: ~0.5 s for a 5 MB build, and the build on disk is what is served now.
  void kept.keep();
  void sweepKeptBuilds();
  app.addHook('onClose', () => kept.close());
  await app.register(fastifyStatic, {
    root: [clientDir, kept.dir],
    prefix: '/',
    // Looked up per request, not listed once at start (KeptBuilds says why).
    wildcard: true,
    index: false,
    // A directory ('/', '/pages/x/') is the app's page, from the not-found handler (index: false).
    allowedPath: (pathname) => !pathname.endsWith('/') && !PRECOMPRESSED.test(pathname),
    preCompressed: true,
    // Our own Cache-Control below; the plugin's default would overwrite it.
    cacheControl: false,
    setHeaders: (res, file) => {
      res.setHeader('Cache-Control', cacheControlOf(file));
      // The same URL answers br, gzip or plain by Accept-Encoding; caches must keep them apart.
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  return async (reply) => {
    // A page request is when a new build matters: its files are copied before its page goes out.
    await kept.keep();
    return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
  };
}

/**
 * A path that names a file (an extension in its last segment, or anything under /assets/) is a
 * static miss when no file answered it: 404, not the app's page with 200. History-mode routes
 * (`/`, `/pages/...`) have no extension.
 */
export function isStaticPath(path: string): boolean {
  if (path.startsWith('/assets/')) return true;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return /\.[A-Za-z0-9]+$/.test(last);
}
