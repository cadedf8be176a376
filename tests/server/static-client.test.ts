import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { sweepKeptBuilds } from '../../server/static';
import { startServer, type TestServer } from '../support/server';

/** A raw GET: fetch() would decode the body, and we want to see what went over the wire. */
function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const SCRIPT = Buffer.from(`export const rows = [${'"a row of the app", '.repeat(400)}];\n`);
const PAGE =
  '<!doctype html><html><head><title>Seans</title></head><body><div id="root"></div></body></html>';

describe('the built client beside the API: misses, security headers, compression', () => {
  let server: TestServer;
  let clientDir: string;

  beforeAll(async () => {
    // A client as the build leaves it: the page, a hashed script and its precompressed twins.
    clientDir = await mkdtemp(path.join(tmpdir(), 'seans-client-'));
    await mkdir(path.join(clientDir, 'assets'));
    await writeFile(path.join(clientDir, 'index.html'), PAGE);
    await writeFile(path.join(clientDir, 'robots.txt'), 'User-agent: *\n');
    await mkdir(path.join(clientDir, 'icons'));
    await writeFile(path.join(clientDir, 'icons', 'icon-48.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    await writeFile(path.join(clientDir, 'assets', 'app-abc123.js'), SCRIPT);
    await writeFile(path.join(clientDir, 'assets', 'app-abc123.js.br'), brotliCompressSync(SCRIPT));
    await writeFile(path.join(clientDir, 'assets', 'app-abc123.js.gz'), gzipSync(SCRIPT));
    server = await startServer('pglite', { clientDir });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('answers 404 for a file that is not there, and the page for history-mode routes', async () => {
    for (const miss of [
      '/manifest.webmanifest',
      '/sw.js',
      '/favicon.ico',
      '/assets/nope.js',
      '/assets/nope',
      '/pages/user/logo.png',
      '/robots.txt.br',
    ]) {
      const res = await rawGet(`${server.url}${miss}`);
      expect(res.status, miss).toBe(404);
      expect(res.body.toString(), miss).not.toContain('<div id="root">');
    }
    for (const route of ['/', '/pages/tabbar/home', '/pages/user/assets?from=mine', '/pages/robot/list/']) {
      const res = await rawGet(`${server.url}${route}`);
      expect(res.status, route).toBe(200);
      expect(res.headers['content-type'], route).toMatch(/text\/html/);
      expect(res.body.toString(), route).toContain('<div id="root">');
    }
    // A page the app has no screen for: the app (which shows its not-found screen), but 404, so
    // a dead link or a typo is not taken for a page by crawlers, link checkers and monitors.
    for (const unknown of [
      '/pages/tabbar/homee',
      '/pages/stock/nope?symbol=THYAO',
      '/nope',
      '/Pages/tabbar/home',
    ]) {
      const res = await rawGet(`${server.url}${unknown}`);
      expect(res.status, unknown).toBe(404);
      expect(res.headers['content-type'], unknown).toMatch(/text\/html/);
      expect(res.headers['cache-control'], unknown).toBe('no-cache');
      expect(res.body.toString(), unknown).toContain('<div id="root">');
    }
    // Revalidated with the validators it came with, a 404 page still comes whole (not a 304).
    const first = await rawGet(`${server.url}/nope`);
    const again = await rawGet(`${server.url}/nope`, {
      'if-none-match': String(first.headers.etag ?? '"x"'),
      'if-modified-since': String(first.headers['last-modified'] ?? new Date().toUTCString()),
    });
    expect(again.status).toBe(404);
    expect(again.body.toString()).toContain('<div id="root">');
    const robots = await rawGet(`${server.url}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.body.toString()).toContain('User-agent');
    expect(robots.headers['cache-control']).toBe('no-cache');
    // Asked for again on every in-app navigation: kept a day instead of revalidated each tap.
    const icon = await rawGet(`${server.url}/icons/icon-48.png`);
    expect([icon.status, icon.headers['cache-control']]).toEqual([200, 'public, max-age=86400']);
  });

  it('sends security headers on the page, static files and API answers', async () => {
    for (const url of ['/', '/pages/tabbar/home', '/assets/app-abc123.js']) {
      const { headers } = await rawGet(`${server.url}${url}`);
      const csp = String(headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).not.toContain('unsafe-inline');
      expect(csp, url).not.toContain('unsafe-eval');
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['x-frame-options'], url).toBe('DENY');
      expect(headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
    const api = await rawGet(server.api('/common/config'));
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['content-security-policy']).toContain("default-src 'none'");
    // Personal, live data: no browser or proxy cache may keep an answer (nor serve a stale Date).
    expect(api.headers['cache-control']).toBe('no-store');
    const refused = await rawGet(server.api('/user/assets'));
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('sends a script brotli or gzip from the build’s files, as accepted, and plain otherwise', async () => {
    const url = `${server.url}/assets/app-abc123.js`;
    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.body.length).toBeLessThan(SCRIPT.length / 5);
    expect(brotliDecompressSync(br.body).equals(SCRIPT)).toBe(true);

    const gz = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(SCRIPT)).toBe(true);

    const plain = await rawGet(url, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(SCRIPT)).toBe(true);
    const none = await rawGet(url);
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.equals(SCRIPT)).toBe(true);
  });

  it('compresses an API list answer, byte for byte the same once decoded; a small one stays plain', async () => {
    const url = server.api('/stock/index/list?page=1&size=50');
    const plain = await rawGet(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(JSON.parse(plain.body.toString())).toMatchObject({ code: 0 });

    const br = await rawGet(url, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    const gz = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    // Prices move between calls; the same answer twice is the OpenAPI document.
    const doc = server.api('/openapi.json');
    const docPlain = await rawGet(doc);
    const docBr = await rawGet(doc, { 'accept-encoding': 'br' });
    const docGz = await rawGet(doc, { 'accept-encoding': 'gzip' });
    expect(docBr.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(docBr.body).equals(docPlain.body)).toBe(true);
    expect(gunzipSync(docGz.body).equals(docPlain.body)).toBe(true);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toMatchObject({ code: 0 });

    const small = await rawGet(server.api('/common/config'), { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('leaves WebSocket frames uncompressed, even when the client offers permessage-deflate', async () => {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ipxtrg-api/ws`, {
      perMessageDeflate: true,
    });
    const answer = await new Promise<unknown>((resolve, reject) => {
      socket.onopen = () => socket.send(JSON.stringify({ op: 'ping' }));
      socket.onmessage = (event) => resolve(JSON.parse(event.data.toString()));
      socket.onerror = () => reject(new Error('socket error'));
    });
    expect(answer).toMatchObject({ op: 'pong' });
    expect(socket.extensions).toBe('');
    socket.close();
  });
});

/**
 * `npm run build` while a broker ran: the build empties dist/client and writes a new page naming
 * new hashed scripts. The broker listed its files once at start, so the new page's scripts were
 * 404 (a blank app), and a page loaded before the build lost its lazy chunks.
 */
describe('the built client rebuilt under a running broker', () => {
  let server: TestServer;
  let clientDir: string;
  const page = (version: string) =>
    `<!doctype html><html><head><script type="module" src="/assets/app-${version}.js"></script></head><body><div id="root" data-build="${version}"></div></body></html>`;
  const script = (version: string) => Buffer.from(`export const build = '${version}';\n`.repeat(50));
  async function build(version: string): Promise<void> {
    await mkdir(path.join(clientDir, 'assets'), { recursive: true });
    await writeFile(path.join(clientDir, 'assets', `app-${version}.js`), script(version));
    await writeFile(
      path.join(clientDir, 'assets', `app-${version}.js.br`),
      brotliCompressSync(script(version)),
    );
    await writeFile(path.join(clientDir, 'index.html'), page(version));
  }
  /** What Vite does first (emptyOutDir). */
  async function empty(): Promise<void> {
    for (const entry of await readdir(clientDir)) await rm(path.join(clientDir, entry), { recursive: true });
  }

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(tmpdir(), 'seans-client-'));
    await build('one');
    server = await startServer('pglite', { clientDir });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('serves the new build at once, the page while it is being written, and the old chunks still', async () => {
    expect((await rawGet(`${server.url}/pages/tabbar/home`)).body.toString()).toContain('data-build="one"');
    await empty();
    // Mid-build: no page on disk. The last one still answers, with its scripts.
    const during = await rawGet(`${server.url}/`);
    expect(during.status).toBe(200);
    expect(during.body.toString()).toContain('data-build="one"');
    expect((await rawGet(`${server.url}/assets/app-one.js`)).status).toBe(200);

    await build('two');
    const after = await rawGet(`${server.url}/`);
    expect(after.status).toBe(200);
    expect(after.headers['content-type']).toMatch(/text\/html/);
    expect(after.body.toString()).toContain('data-build="two"');
    // The new page's script, plain and brotli, as any hashed asset.
    const plain = await rawGet(`${server.url}/assets/app-two.js`);
    expect(plain.status).toBe(200);
    expect(plain.body.equals(script('two'))).toBe(true);
    expect(plain.headers['cache-control']).toContain('immutable');
    const br = await rawGet(`${server.url}/assets/app-two.js`, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(script('two'))).toBe(true);
    // A page loaded before the build still gets its chunks (the build deleted them).
    const old = await rawGet(`${server.url}/assets/app-one.js`, { 'accept-encoding': 'br' });
    expect(old.status).toBe(200);
    expect(brotliDecompressSync(old.body).equals(script('one'))).toBe(true);
    // Misses stay misses; the precompressed twins are no URLs.
    for (const miss of [
      '/assets/app-three.js',
      '/assets/app-two.js.br',
      '/assets/app-one.js.br',
      '/index.html.br',
    ])
      expect((await rawGet(`${server.url}${miss}`)).status, miss).toBe(404);
  });
});

/**
 * Each broker keeps a copy of the builds it served in the temp folder (~5 MB). One that ended by
 * SIGKILL or a crash never removed its copy: the kill -9 tests alone left seven behind.
 */
describe('copies left by brokers that died', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'seans-sweep-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('are removed when a broker starts; a live broker’s copy and other folders stay', async () => {
    const child = spawn(process.execPath, ['-e', '']);
    const deadPid = await new Promise<number>((resolve) => child.once('exit', () => resolve(child.pid!)));
    const dead = `seans-kept-client-${deadPid}-AbC123`;
    const mine = `seans-kept-client-${process.pid}-XyZ789`;
    const other = 'seans-client-unrelated';
    for (const name of [dead, mine, other]) {
      await mkdir(path.join(dir, name, 'assets'), { recursive: true });
      await writeFile(path.join(dir, name, 'index.html'), PAGE);
    }
    await sweepKeptBuilds(dir);
    expect((await readdir(dir)).sort()).toEqual([other, mine].sort());
  });

  it('a broker sweeps as it starts, and names its own copy by its process', async () => {
    const child = spawn(process.execPath, ['-e', '']);
    const deadPid = await new Promise<number>((resolve) => child.once('exit', () => resolve(child.pid!)));
    const dead = path.join(tmpdir(), `seans-kept-client-${deadPid}-Left01`);
    await mkdir(dead, { recursive: true });
    const server = await startServer('pglite', { clientDir: dir });
    try {
      const names = (await readdir(tmpdir())).filter((n) =>
        n.startsWith(`seans-kept-client-${process.pid}-`),
      );
      expect(names.length).toBeGreaterThan(0);
      // The sweep runs beside the start-up.
      for (
        let waited = 0;
        (await readdir(tmpdir())).includes(path.basename(dead)) && waited < 5_000;
        waited += 50
      )
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await readdir(tmpdir())).not.toContain(path.basename(dead));
    } finally {
      await server.close();
      await rm(dead, { recursive: true, force: true });
    }
  }, 180_000);
});
