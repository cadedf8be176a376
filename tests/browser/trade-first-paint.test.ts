import type { Request } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { screen, screenshot } from '../support/browser';
import { signInAs, userWithFreshPhones } from '../support/browser-session';

const base = inject('baseURL');
const TRADE = '/pages/tabbar/trade';
/** The spot ticket's two answers, without which it shows only its skeleton. */
const SPOT_CALLS = ['/ipxtrg-api/coin/assets', '/ipxtrg-api/coin/infos'];
/** How long the ticket's code is held back at most, waiting for its answers to be asked. */
const HOLD_MS = 20_000;
/** decimal.js's own error prefix: a script that carries it carries decimal.js. */
const DECIMAL_JS = '[DecimalError]';
/** decimal.js's chunk (vite-plugins/ticket-chunks.ts). */
const DECIMAL_CHUNK = /\/assets\/decimal-js-[^/]+\.js$/;

const world = userWithFreshPhones({ create: ['--kyc', 'approved'], fund: ['1000', '--reason', 'test'] });

describe("the Trade tab's first paint (390×844)", () => {
  // The phone is shared by the cases: a route a case held scripts with must not outlive it (the
  // market worker's late chunks reached one after its page had moved on, an unhandled error).
  afterEach(async () => {
    await world.phone.page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  it.each(['tr-TR', 'en-US'])(
    "%s: the spot ticket's answers are asked for before its code has arrived, and it shows with them",
    async (lang) => {
      const { page } = world.phone;
      await signInAs(page, base, world.user, lang);
      const asked: string[] = [];
      let release = () => undefined as void;
      const bothAsked = new Promise<void>((resolve) => (release = resolve));
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (!SPOT_CALLS.includes(path)) return;
        asked.push(path);
        if (SPOT_CALLS.every((call) => asked.includes(call))) release();
      });
      // The ticket's own chunk is held until both answers have been asked for (or HOLD_MS): asked
      // only by the ticket once it rendered, they would never be, and the chunk would arrive late.
      let askedWhileHeld: string[] | null = null;
      await page.route(/\/assets\/spot-panel-[^/]*\.js$/, async (route) => {
        await Promise.race([bothAsked, new Promise((resolve) => setTimeout(resolve, HOLD_MS))]);
        // The market worker asks for the pairs too (their price scales): each call once here.
        askedWhileHeld ??= [...new Set(asked)].sort();
        await route.continue();
      });
      await page.goto(`${base}${TRADE}`);
      await screen(page, TRADE);
      // The user holds no USDT: the ticket says so where the buy's budget would be.
      await page.getByTestId('spot-no-usdt').waitFor({ timeout: 60_000 });
      expect(askedWhileHeld).toEqual(SPOT_CALLS);
      await screenshot(page, `trade-first-paint-${lang}`);
    },
  );

  it("signed in, the spot ticket's code and answers are asked for beside the entry, before it has run", async () => {
    const { page } = world.phone;
    await signInAs(page, base, world.user, 'tr-TR');
    const asked = new Set<string>();
    let release = () => undefined as void;
    const allAsked = new Promise<void>((resolve) => (release = resolve));
    const wanted = ['spot-panel', ...SPOT_CALLS];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/^\/assets\/spot-panel-[^/]*\.js$/.test(path)) asked.add('spot-panel');
      if (SPOT_CALLS.includes(path)) asked.add(path);
      if (wanted.every((name) => asked.has(name))) release();
    });
    // The entry is held until the ticket's chunk and both answers have been asked for (or
    // HOLD_MS): asked for by the route's loader and the ticket, which the entry runs, they never
    // would be while the entry is held.
    let askedBeforeEntry: string[] | null = null;
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await Promise.race([allAsked, new Promise((resolve) => setTimeout(resolve, HOLD_MS))]);
      askedBeforeEntry ??= [...asked].sort();
      await route.continue();
    });
    await page.goto(`${base}${TRADE}`);
    await page.getByTestId('spot-no-usdt').waitFor({ timeout: 60_000 });
    expect(askedBeforeEntry).toEqual([...wanted].sort());
  });

  it('paints the spot ticket before any zod has arrived, and loads its orders with it after', async () => {
    const { page } = world.phone;
    await signInAs(page, base, world.user, 'tr-TR');
    const held: string[] = [];
    let release = () => undefined as void;
    const painted = new Promise<void>((resolve) => (release = resolve));
    // Every script that carries zod is held until the ticket has shown: a ticket that needed one
    // for its first paint would never show.
    await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('ZodError')) {
        held.push(new URL(route.request().url()).pathname);
        await painted;
      }
      await route.fulfill({ response, body });
    });
    try {
      await page.goto(`${base}${TRADE}`);
      await page.getByTestId('spot-no-usdt').waitFor({ timeout: 60_000 });
    } finally {
      release();
    }
    // The orders under the form read and cancel through declarations with schemas: they come after.
    await page.getByTestId('spot-orders-open').waitFor({ timeout: 60_000 });
    expect(held.length).toBeGreaterThan(0);
  });

  it('paints the spot ticket before decimal.js has arrived, and loads its rules with it after', async () => {
    const { page } = world.phone;
    await signInAs(page, base, world.user, 'tr-TR');
    const held: string[] = [];
    let release = () => undefined as void;
    const painted = new Promise<void>((resolve) => (release = resolve));
    // Every page script that carries decimal.js is held until the ticket has shown: a ticket that
    // computed its first paint in Decimal would never show.
    await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes(DECIMAL_JS)) {
        held.push(new URL(route.request().url()).pathname);
        await painted;
      }
      await route.fulfill({ response, body });
    });
    try {
      await page.goto(`${base}${TRADE}`);
      await page.getByTestId('spot-no-usdt').waitFor({ timeout: 60_000 });
      // Nothing typed, nothing computed: the costs wait for a figure, not for the rules.
      expect(await page.getByTestId('spot-total').textContent()).toMatch(/^--/);
    } finally {
      release();
    }
    // The rules follow the paint: decimal.js's chunk is asked for once the ticket has shown.
    await expect.poll(() => held.some((path) => DECIMAL_CHUNK.test(path)), { timeout: 30_000 }).toBe(true);
  });

  it("asks for zod and decimal.js only once the ticket's largest paint is recorded, not one frame after it", async () => {
    const { page } = world.phone;
    await signInAs(page, base, world.user, 'tr-TR');
    await page.goto(`${base}${TRADE}`);
    await page.getByTestId('spot-no-usdt').waitFor({ timeout: 60_000 });
    await page.getByTestId('spot-orders-open').waitFor({ timeout: 60_000 });
    // The rules (decimal.js) load in the idle time after the paint, or at the latest 1 s after it.
    await page.waitForFunction(
      (chunk) => performance.getEntriesByType('resource').some((entry) => new RegExp(chunk).test(entry.name)),
      DECIMAL_CHUNK.source,
      { timeout: 30_000 },
    );
    const { paint, zod, decimal } = await page.evaluate(
      (decimalChunk) =>
        new Promise<{ paint: number | null; zod: number | null; decimal: number | null }>((resolve) => {
          // The ticket's largest paint: the first entry whose element is in the ticket (the orders
          // list, which comes after zod, may paint a larger one later).
          const entries: { startTime: number; element: Element | null }[] = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) entries.push(entry as never);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => {
            const ticket = entries.filter((e) => e.element?.closest('[data-testid="spot-panel"]'));
            // The first script that carries each library's code (their chunks' names,
            // vite-plugins/ticket-chunks.ts).
            const started = (pattern: RegExp) =>
              performance.getEntriesByType('resource').find((entry) => pattern.test(entry.name))?.startTime ??
              null;
            resolve({
              paint: ticket[0]?.startTime ?? null,
              zod: started(/\/assets\/later-zod-[^/]+\.js$/),
              decimal: started(new RegExp(decimalChunk)),
            });
          }, 100);
        }),
      DECIMAL_CHUNK.source,
    );
    expect(paint).not.toBeNull();
    expect(zod).not.toBeNull();
    expect(decimal).not.toBeNull();
    expect(zod!).toBeGreaterThanOrEqual(paint!);
    expect(decimal!).toBeGreaterThanOrEqual(paint!);
  });

  it('evaluates zod before the later parts that build schemas with it: none is asked for while zod is held', async () => {
    const { page } = world.phone;
    await signInAs(page, base, world.user, 'tr-TR');
    // Asked together, every later part waited for zod's chunk, and all were evaluated in the one
    // task in which it arrived (spot-later.ts). zod's chunk is held here for a while after it is
    // asked for: what comes after it in the ticket's order is asked for only once it has run.
    const LATER = {
      decimal: DECIMAL_CHUNK,
      orders: /\/assets\/spot-orders-[^/]+\.js$/,
      trading: /\/assets\/later-trading-[^/]+\.js$/,
    };
    const askedAt: Partial<Record<keyof typeof LATER, number>> = {};
    let released = Number.POSITIVE_INFINITY;
    page.on('request', (request) => {
      for (const [name, pattern] of Object.entries(LATER))
        if (pattern.test(request.url())) askedAt[name as keyof typeof LATER] ??= Date.now();
    });
    await page.route(/\/assets\/later-zod-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      released = Date.now();
      await route.continue();
    });
    await page.goto(`${base}${TRADE}`);
    await page.getByTestId('spot-no-usdt').waitFor({ timeout: 60_000 });
    await page.getByTestId('spot-orders-open').waitFor({ timeout: 60_000 });
    expect(Number.isFinite(released)).toBe(true);
    for (const name of Object.keys(LATER) as (keyof typeof LATER)[]) {
      expect(askedAt[name], name).toBeDefined();
      expect(askedAt[name]!, name).toBeGreaterThanOrEqual(released);
    }
  });

  it("asks for the kept answers' module only once the ticket's largest paint is recorded", async () => {
    const { page } = world.phone;
    await signInAs(page, base, world.user, 'tr-TR');
    await page.goto(`${base}${TRADE}`);
    await page.getByTestId('spot-no-usdt').waitFor({ timeout: 60_000 });
    // The pairs and the wallet are kept for the tab's next visit (useLiveData's keep): the
    // module that keeps them loads after the paint they make, or at the latest 1 s after it.
    const KEPT = /\/assets\/kept-answers-[^/]+\.js$/;
    await page.waitForFunction(
      (chunk) => performance.getEntriesByType('resource').some((entry) => new RegExp(chunk).test(entry.name)),
      KEPT.source,
      { timeout: 30_000 },
    );
    const { paint, kept } = await page.evaluate(
      (keptChunk) =>
        new Promise<{ paint: number | null; kept: number | null }>((resolve) => {
          const entries: { startTime: number; element: Element | null }[] = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) entries.push(entry as never);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => {
            const ticket = entries.filter((e) => e.element?.closest('[data-testid="spot-panel"]'));
            const script = performance
              .getEntriesByType('resource')
              .find((entry) => new RegExp(keptChunk).test(entry.name));
            resolve({ paint: ticket[0]?.startTime ?? null, kept: script?.startTime ?? null });
          }, 100);
        }),
      KEPT.source,
    );
    expect(paint).not.toBeNull();
    expect(kept).not.toBeNull();
    expect(kept!).toBeGreaterThanOrEqual(paint!);
  });

  it.each([
    ['tr-TR', '1,5', /^15(,0+)? USDT$/],
    ['en-US', '1.5', /^15(\.0+)? USDT$/],
  ] as const)(
    '%s: typed at once, before the rules have arrived, an order is estimated as when typed later',
    async (lang, price, amount) => {
      const { page } = world.phone;
      await signInAs(page, base, world.user, lang);
      // A limit buy far under the market takes no ask: its estimate is the typed figures' alone,
      // 10 × 1.5 = 15 USDT and its fee, whatever the book does between the two loads.
      const typeOrder = async () => {
        await page.getByTestId('spot-type-limit').click();
        await page.getByTestId('spot-price').fill(price);
        await page.getByTestId('spot-qty').fill('10');
      };
      const figures = () =>
        Promise.all(
          ['spot-amount', 'spot-fee', 'spot-total'].map((id) => page.getByTestId(id).textContent()),
        );

      // Typed once everything has loaded: the figures to match.
      await page.goto(`${base}${TRADE}`);
      await page.getByTestId('spot-orders-open').waitFor({ timeout: 60_000 });
      await page.waitForFunction(
        (chunk) =>
          performance.getEntriesByType('resource').some((entry) => new RegExp(chunk).test(entry.name)),
        DECIMAL_CHUNK.source,
        { timeout: 30_000 },
      );
      await typeOrder();
      await expect.poll(figures).not.toContain('--');
      const later = await figures();
      expect(later[0]).toMatch(amount);

      // Typed as the ticket shows, its rules held back until the figures are in: the fields take
      // them, the costs wait, and the rules read them whole once they arrive.
      let typed = () => undefined as void;
      const allTyped = new Promise<void>((resolve) => (typed = resolve));
      await page.route(DECIMAL_CHUNK, async (route) => {
        await allTyped;
        await route.continue();
      });
      try {
        await page.reload();
        await page.getByTestId('spot-no-usdt').waitFor({ timeout: 60_000 });
        await typeOrder();
        expect(await figures()).toEqual(['--', '--', '--']);
      } finally {
        typed();
      }
      await expect.poll(figures, { timeout: 30_000 }).toEqual(later);
      expect(await page.getByTestId('spot-qty').inputValue()).toBe('10');
      await screenshot(page, `trade-typed-at-once-${lang}`);
    },
  );

  it("asks for the pairs once: the market worker streams the pair with the page's answer", async () => {
    const { page } = world.phone;
    await signInAs(page, base, world.user, 'tr-TR');
    let asked = 0;
    // The context's requests: the worker's own fetches are among them.
    const count = (request: Request) => {
      if (new URL(request.url()).pathname === '/ipxtrg-api/coin/infos') asked += 1;
    };
    page.context().on('request', count);
    try {
      await page.goto(`${base}${TRADE}`);
      await page.getByTestId('spot-no-usdt').waitFor({ timeout: 60_000 });
      // The last price comes over the worker's stream, which starts once it knows the pair's scale.
      await expect
        .poll(() => page.getByTestId('spot-last').textContent(), { timeout: 30_000 })
        .not.toBe('--');
      expect(asked).toBe(1);
    } finally {
      page.context().off('request', count);
    }
  });

  it('the stock side of the switch loads as a finger lands on it and shows its ticket', async () => {
    const { page } = world.phone;
    await signInAs(page, base, world.user, 'tr-TR');
    await page.goto(`${base}${TRADE}`);
    await page.getByTestId('spot-no-usdt').waitFor({ timeout: 60_000 });
    const stockChunk = page.waitForRequest(/\/assets\/stock-side-[^/]*\.js$/, { timeout: 30_000 });
    await page.getByTestId('trade-switch-stock').hover();
    await page.mouse.down();
    await stockChunk;
    await page.mouse.up();
    await expect
      .poll(() => page.getByTestId('trade-switch-stock').getAttribute('aria-selected'))
      .toBe('true');
    await page.getByTestId('stock-panel').waitFor({ timeout: 30_000 });
  });
});
