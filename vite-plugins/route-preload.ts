import { readFileSync } from 'node:fs';
import path from 'node:path';
import { minifySync, type Plugin } from 'vite';
import { DEFAULT_LOCALE, LOCALES, TIME_ZONE } from '../domain/format/locale.ts';
import { API_PREFIX } from '../domain/protocol/envelope.ts';
import { coinInfosRoute } from '../domain/protocol/endpoints/first-load.ts';
import { paintEarlyQuote } from '../src/api/early-quote.ts';
import { PREFETCHED_GLOBAL, PRELOADED_ANSWERS } from '../src/paths/preloaded-routes.ts';
import { hashOf, readBuild } from './bundle.ts';
import { TEXTS_PREFIX } from './one-language.ts';
import { textLinks } from './text-links.ts';

/**
 * Modulepreloads the first route's chunk and its imports. Without it a route's chunk
 * is only requested after the entry has downloaded and rendered, a second round trip on a phone.
 * Which route is first depends on the URL, so a tiny async script (a file, not inline: no
 * Content-Security-Policy exception) maps the pathname to its files and adds the links while
 * the entry is still downloading. The map comes from src/routes/table.ts's `page(path, 'public',
 * () => import(module))` lines; `/` also warms home, where the splash goes next. On the routes
 * src/paths/preloaded-routes.ts names, the script also asks for the screen's first answer (and on the
 * kline screen paints its price into the frame, src/api/early-quote.ts); on every
 * route it starts a worker that loads the browser's Intl data off the main thread. With a stored
 * session, the Trade tab opening on spot gets its ticket's chunks and its two first answers too.
 */
const TABLE = 'src/routes/table.ts';
// The routes of the first load; every other path's screen waits for the table's own chunk, so a
// deep link asks for it with the entry (`*`: a path the map does not name, an account screen's).
const FIRST_ROUTES = 'src/routes/first-routes.ts';
// Public screens only: an account screen sends a guest to login, so its chunk may never be used.
// A loader may be wrapped in one call (`withPortfolio(() => import(…))`) that asks for more with it.
// The path is written out or named by a constant of shell-paths.ts.
const PAGE = /page\(\s*(?:'([^']+)'|([A-Z_]+)),\s*'public',\s*(?:\w+\()?\(\)\s*=>\s*import\('([^']+)'\)/g;
/** Every public page line, read or not: one the map misses fails the build instead of going slow. */
const PUBLIC_PAGE = /page\(\s*[^,()]+,\s*'public'/g;
const SHELL_PATHS = 'src/paths/shell-paths.ts';
/** public/zod-jitless.js, which index.html loads `defer` (the dev server's page keeps it). */
const ZOD_JITLESS = 'zod-jitless.js';
const ZOD_TAG = /\s*<script defer src="\/zod-jitless\.js"><\/script>/;
const PATH_CONSTANT = /export const ([A-Z_]+) = '([^']+)';/g;
const ALSO: Record<string, string> = {
  '/': '/pages/tabbar/home',
  '/pages/common/start': '/pages/tabbar/home',
};

/**
 * The public pages of `source` as [path, module]. A path constant the build cannot resolve, or a
 * public line it cannot read, throws: the first load of that screen would silently wait for its
 * chunk a round trip or two after the entry (as Home and Markets did once their paths became
 * constants).
 */
function pathConstants(root: string): Map<string, string> {
  return new Map(
    [...readFileSync(path.join(root, SHELL_PATHS), 'utf8').matchAll(PATH_CONSTANT)].map(
      (m) => [m[1] as string, m[2] as string] as const,
    ),
  );
}

function publicPages(root: string, file: string): [string, string][] {
  const source = readFileSync(path.join(root, file), 'utf8');
  const constants = pathConstants(root);
  const pages = [...source.matchAll(PAGE)].map(([, literal, name, module]): [string, string] => {
    const route = literal ?? constants.get(name as string);
    if (route === undefined) throw new Error(`${file}: ${name} is no path constant of ${SHELL_PATHS}`);
    return [route, module as string];
  });
  const lines = [...source.matchAll(PUBLIC_PAGE)].length;
  if (lines !== pages.length)
    throw new Error(`${file}: ${lines - pages.length} public page(s) the route preload cannot read`);
  return pages;
}

/**
 * Signed in, the Trade tab opening on spot (its default ticket) needs these modules' chunks (the
 * ticket's imports hold its first calls), which its loader in first-routes.ts asks for once the
 * entry has run: asked for by the script, they download beside the entry instead of after it. An
 * account screen, so only with a stored session.
 */
const TRADE_ON_SPOT = ['src/screens/trade/trade-screen', 'src/screens/contract/spot-panel'];

/**
 * Account screens a signed-in user opens straight (the wallet, from a home-screen shortcut or a
 * bookmark): with a stored session the script links their chunks with the route table's, as it
 * links a public screen's, instead of leaving them to be found once the entry and the table ran.
 * Without one the screen sends the guest to login, and nothing is linked for it.
 */
const SIGNED_IN_PAGES: Record<string, string> = { '/pages/user/assets': 'src/screens/mine/assets-screen' };

/** A session is stored (`s` reads storage, as STORED_LANGUAGE defines it). */
const SIGNED_IN = `typeof s('userToken')==='string'&&s('userToken')!==''`;

/**
 * Whether the page opens the Trade tab on spot, as src/state/trade-ticket.ts's openingTicket
 * chooses: `y` the ?symbol=, `k` the stored systemTradeType (`s` reads storage, `T` the tab's path).
 */
const OPENS_ON_SPOT =
  `location.pathname===T&&${SIGNED_IN}&&` +
  `(()=>{const y=(new URLSearchParams(location.search).get('symbol')||'').trim().toUpperCase(),k=s('systemTradeType');` +
  `return y===''?k!=='stock'&&k!=='contract':y.endsWith('USDT')&&k!=='contract'})()`;

/**
 * The spot ticket's two answers (src/screens/contract/spot-first-calls.ts), asked for by the script
 * when the page opens the Trade tab on spot, with the headers and the empty form call() sends for
 * them: they then leave with the entry instead of after the ticket's chunks have arrived and run.
 * The app takes each when its own call is the same (src/api/early.ts), else asks anew.
 */
const SPOT_FIRST_POSTS = [coinInfosRoute.path, '/coin/assets'];
/** The same for SIGNED_IN_PAGES: the wallet's balances (src/state/assets.ts getAssets). */
const SIGNED_IN_POSTS: Record<string, string[]> = { '/pages/user/assets': ['/user/assets'] };

function spotAnswersSource(): string {
  return (
    `const P=${OPENS_ON_SPOT}?${JSON.stringify(SPOT_FIRST_POSTS)}:${SIGNED_IN}&&${JSON.stringify(SIGNED_IN_POSTS)}[location.pathname];` +
    `if(P){const h={'X-Requested-With':'XMLHttpRequest',Accept:'application/json',` +
    `'Accept-Language':l,accesstoken:s('userToken'),'Content-Type':'application/x-www-form-urlencoded;charset=UTF-8'};` +
    `const g=${JSON.stringify(PREFETCHED_GLOBAL)},m=window[g] instanceof Map?window[g]:(window[g]=new Map());` +
    `for(const a of P){const u=location.origin+${JSON.stringify(API_PREFIX)}+a;` +
    `const w=fetch(u,{method:'POST',headers:h,body:''});w.catch(()=>{});m.set(u,{method:'POST',body:'',headers:h,at:Date.now(),answer:w})}}`
  );
}

/** The stored language (as src/state/persisted.ts reads it), else the default: `l`, with `s` the reader. */
const STORED_LANGUAGE =
  `const s=k=>{try{return JSON.parse(localStorage.getItem(k))}catch{return null}};` +
  `let l=s('lang');if(!${JSON.stringify(LOCALES)}.includes(l))l=${JSON.stringify(DEFAULT_LOCALE)};`;

/**
 * A worker that builds one Intl number format and one Istanbul date format in the language its
 * name gives, then ends. The browser loads ICU's data for the first Intl object a renderer builds,
 * 15-60 ms on a desktop core (measured in Chromium), and keeps it for the whole process: built on
 * the worker's thread while the entry downloads, the main thread's first format then costs ~0.1 ms
 * (src/warm-formats.ts), so that load is no longer a long task of every first screen.
 */
const INTL_WARM_WORKER =
  `const l=${JSON.stringify(LOCALES)}.includes(self.name)?self.name:${JSON.stringify(DEFAULT_LOCALE)};` +
  `new Intl.NumberFormat(l,{maximumFractionDigits:2}).format(0);` +
  `new Intl.DateTimeFormat(l,{timeZone:${JSON.stringify(TIME_ZONE)},month:'short',hour:'2-digit'}).format(0);close();\n`;

/**
 * The opened route's first answer (src/paths/preloaded-routes.ts), asked for as the script runs
 * (with the page's one parameter, or the list's fixed opening query unless the page opens elsewhere),
 * with the headers request.ts's apiHeaders would send (the stored language, else the default, and
 * the stored session token): the app takes it only when its own call's URL and headers are the
 * same, so a drift between these headers and apiHeaders costs a second call, never a wrong answer
 * (tests/browser/shell.test.ts counts the calls). Left out when the API lives on another origin
 * (VITE_API_BASE). On a route that paints, the frame's copy of the answer is taken in the first
 * reaction to it, before the app can read the body itself, and painted by src/api/early-quote.ts,
 * written into the script: a module of its own waited, on a loopback, behind the route's chunks
 * for the browser's six HTTP/1.1 connections.
 */
function preloadedAnswerSource(): string {
  return (
    `const x=${JSON.stringify(PRELOADED_ANSWERS)}[location.pathname],Q=new URLSearchParams(location.search);` +
    `let v=null;if(x&&x.query){if(!(x.unless&&x.unless.values.includes(Q.get(x.unless.param))))v=new URLSearchParams(x.query)}` +
    `else if(x){const y=(Q.get(x.param)||'').trim().toUpperCase();if(y)v=new URLSearchParams({[x.param]:y})}` +
    `if(v){const t=s('userToken'),h={'X-Requested-With':'XMLHttpRequest',Accept:'application/json','Accept-Language':l};` +
    `if(typeof t==='string'&&t!=='')h.accesstoken=t;` +
    `const u=location.origin+${JSON.stringify(API_PREFIX)}+x.api+'?'+v;` +
    `const w=fetch(u,{headers:h});w.catch(()=>{});` +
    `if(x.paint)w.then(r=>r.clone().json()).then(j=>(${paintEarlyQuote.toString()})(j,l)).catch(()=>{});` +
    `const g=${JSON.stringify(PREFETCHED_GLOBAL)};` +
    `(window[g] instanceof Map?window[g]:(window[g]=new Map())).set(u,{headers:h,at:Date.now(),answer:w})}`
  );
}

/** The scripts are written by hand here, for reading; they ship minified. */
function minified(name: string, source: string): string {
  const result = minifySync(name, source);
  if (result.errors.length > 0) throw new Error(`${name}: ${result.errors.map((e) => e.message).join('; ')}`);
  return result.code;
}

export function routePreload(root: string): Plugin {
  let sameOriginApi = true;
  return {
    name: 'seans:route-preload',
    apply: 'build',
    configResolved(config) {
      const base: unknown = config.env.VITE_API_BASE;
      sameOriginApi = typeof base !== 'string' || base === '';
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const build = readBuild(bundle);
        if (!build) return;
        const { html, entry, byModule, chunkOf, files, indexesOf } = build;

        const firstPages = publicPages(root, FIRST_ROUTES);
        const pages = [...firstPages, ...publicPages(root, TABLE)];
        const routes: Record<string, number[]> = {};
        const filesOf = (route: string) => routes[route] ?? [];
        for (const [route, module] of pages) {
          const chunk = chunkOf(path.resolve(root, path.dirname(TABLE), module));
          if (!chunk) continue;
          routes[route] = indexesOf(chunk);
        }
        for (const [route, next] of Object.entries(ALSO)) {
          routes[route] = [...new Set([...filesOf(route), ...filesOf(next)])];
        }
        const tableChunk = byModule.get(path.resolve(root, TABLE));
        if (!tableChunk) throw new Error(`${TABLE} is not a chunk of its own`);
        const tableFiles = indexesOf(tableChunk);
        const first = new Set(firstPages.map(([route]) => route));
        for (const route of Object.keys(routes)) {
          if (!first.has(route)) routes[route] = [...tableFiles, ...filesOf(route)];
        }
        routes['*'] = tableFiles;
        const tradePath = pathConstants(root).get('TRADE_PATH');
        if (tradePath === undefined) throw new Error(`${SHELL_PATHS} has no TRADE_PATH`);
        const tradeFiles = [
          ...new Set(
            TRADE_ON_SPOT.flatMap((module) => {
              const chunk = chunkOf(path.resolve(root, module));
              if (!chunk) throw new Error(`${module} is not a chunk of its own`);
              return indexesOf(chunk);
            }),
          ),
        ];
        const signedIn: Record<string, number[]> = {};
        for (const [route, module] of Object.entries(SIGNED_IN_PAGES)) {
          const chunk = chunkOf(path.resolve(root, module));
          if (!chunk) throw new Error(`${module} is not a chunk of its own`);
          signedIn[route] = [...new Set([...tableFiles, ...indexesOf(chunk)])];
        }
        const lists = [...Object.values(routes), tradeFiles, ...Object.values(signedIn)];
        const { textFiles, texts, entryTexts } = textLinks(bundle, entry.fileName, files, lists.flat());

        // The entry and its imports are requested by the script, after the first paint, instead of by
        // tags in <head>: index.html's frame then paints with the stylesheet alone (on a slow phone
        // network ~1 s sooner, the module downloads no longer sharing the line with it), and the
        // app's scripts follow at once. rAF does not run in a hidden tab, hence the timer too.
        const entryTag = new RegExp(
          `\\s*<script type="module" crossorigin src="/${entry.fileName}"></script>`,
        );
        const preloadTag = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
        let page = String(html.source);
        if (!entryTag.test(page)) throw new Error(`index.html has no entry script for ${entry.fileName}`);
        const entryImports = [...page.matchAll(preloadTag)].map((m) => m[1] as string);
        page = page.replace(entryTag, '').replace(preloadTag, '');
        // zod's switch runs first in this script instead of from a file of its own: one request
        // fewer on every first load (a file costs a round trip on the phone's network). In time,
        // as this script requests the entry, so no module can build a schema before it has run.
        if (!ZOD_TAG.test(page)) throw new Error(`index.html has no ${ZOD_JITLESS} script`);
        page = page.replace(ZOD_TAG, '');
        const zodJitless = readFileSync(path.join(root, 'public', ZOD_JITLESS), 'utf8');

        const warmFile = `assets/intl.worker-${hashOf(INTL_WARM_WORKER)}.js`;
        this.emitFile({ type: 'asset', fileName: warmFile, source: INTL_WARM_WORKER });

        // Each appended link starts its fetch inside appendChild, which took 0.1-10 ms a link in a
        // trace: the ~30 links of a screen came to one 20-70 ms task (75-225 ms on Lighthouse's
        // phone, counted in every screen's blocking time). They are added in slices of ~4 ms, a
        // message-channel task apart, the entry first (the largest download, no longer last).
        const source =
          zodJitless +
          `(()=>{const f=${JSON.stringify(files.map((f) => `/${f}`))},r=${JSON.stringify(routes)},` +
          `e=${JSON.stringify(`/${entry.fileName}`)},p=${JSON.stringify(entryImports)},` +
          `T=${JSON.stringify(tradePath)},S=${JSON.stringify(tradeFiles)},A=${JSON.stringify(signedIn)},` +
          `t=${JSON.stringify(textFiles)},X=${JSON.stringify(texts)};let d=false;` +
          `const q=[],c=new MessageChannel();` +
          `const a=(h,k)=>{let l;if(k===2){l=document.createElement('script');l.type='module';l.src=h}` +
          `else{l=document.createElement('link');if(k===1){l.rel='preload';l.as='style'}else l.rel='modulepreload';l.href=h}` +
          `l.crossOrigin='';document.head.appendChild(l)};` +
          `const step=()=>{const t=performance.now();while(q.length>0){const [h,k]=q.shift();a(h,k);` +
          `if(performance.now()-t>4){if(q.length>0)c.port2.postMessage(0);return}}};c.port1.onmessage=step;` +
          `const go=()=>{if(d)return;d=true;q.push([e,2]);for(const h of p)q.push([h,0]);` +
          `const m=k=>q.push([${JSON.stringify(`/assets/${TEXTS_PREFIX}`)}+t[k]+'-'+l+'.js',0]);` +
          (entryTexts.length > 0 ? `for(const k of ${JSON.stringify(entryTexts)})m(k);` : '') +
          `for(const i of (${OPENS_ON_SPOT}?S:null)||(${SIGNED_IN}&&A[location.pathname])||r[location.pathname]||r['*'])` +
          `{q.push([f[i],f[i].endsWith('.css')?1:0]);for(const k of X[i]||[])m(k)}` +
          `step()};` +
          `requestAnimationFrame(()=>setTimeout(go,0));setTimeout(go,250);` +
          STORED_LANGUAGE +
          `try{new Worker(${JSON.stringify(`/${warmFile}`)},{name:l})}catch{}` +
          (sameOriginApi ? preloadedAnswerSource() + spotAnswersSource() : '') +
          `})();\n`;
        const script = minified('route-preload.js', source);
        const fileName = `assets/route-preload-${hashOf(script)}.js`;
        this.emitFile({ type: 'asset', fileName, source: script });
        const tag = `<script async src="/${fileName}"></script>`;
        html.source = page.replace(/(\s*)<link rel="stylesheet"/, `$1${tag}$1<link rel="stylesheet"`);
      },
    },
  };
}
