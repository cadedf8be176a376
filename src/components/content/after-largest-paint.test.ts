import { describe, expect, it } from 'vitest';
import {
  afterLargestPaint,
  holdPageStart,
  LARGEST_PAINT_WAIT_MS,
  PAGE_HOLD_MAX_MS,
  type LargestPaintHost,
} from './after-largest-paint';

/** A page in virtual time: frames, largest-paint entries, idle periods and input, each fired by hand. */
function fakePage(startAt = 1000, firstScreen = true) {
  let clock = startAt;
  let frame: (() => void) | null = null;
  const entries = new Set<(startTime: number, element: Element | null) => void>();
  const idles = new Set<() => void>();
  const timers = new Set<{ at: number; run: () => void }>();
  const inputs = new Set<() => void>();
  const host: LargestPaintHost = {
    firstScreen: () => firstScreen,
    now: () => clock,
    observe: (onEntry) => {
      entries.add(onEntry);
      return () => entries.delete(onEntry);
    },
    idle: (run) => {
      idles.add(run);
      return () => idles.delete(run);
    },
    wait: (run, ms) => {
      const timer = { at: clock + ms, run };
      timers.add(timer);
      return () => timers.delete(timer);
    },
    onInput: (run) => {
      inputs.add(run);
      return () => inputs.delete(run);
    },
    afterFrame: (run) => {
      frame = run;
      return () => (frame = null);
    },
  };
  return {
    host,
    paintFrame: () => {
      const run = frame;
      frame = null;
      run?.();
    },
    largestPaint: (startTime: number, element: Element | null = null) =>
      [...entries].forEach((onEntry) => onEntry(startTime, element)),
    beIdle: () => [...idles].forEach((run) => run()),
    advance: (ms: number) => {
      clock += ms;
      for (const timer of [...timers])
        if (timer.at <= clock) {
          timers.delete(timer);
          timer.run();
        }
    },
    input: () => [...inputs].forEach((run) => run()),
    listening: () => entries.size + idles.size + timers.size + inputs.size + (frame ? 1 : 0),
  };
}

describe('afterLargestPaint', () => {
  it("starts once the screen's largest paint is recorded and the page is idle, not one frame after", () => {
    const page = fakePage();
    let started = 0;
    afterLargestPaint(() => (started += 1), undefined, page.host);
    page.paintFrame();
    page.beIdle();
    expect(started).toBe(0);
    // The frame is presented late: its entry, stamped after the render, comes 40 ms on.
    page.advance(40);
    page.largestPaint(1030);
    expect(started).toBe(0);
    page.beIdle();
    expect(started).toBe(1);
    expect(page.listening()).toBe(0);
  });

  it("ignores a largest paint from before the screen's render", () => {
    const page = fakePage();
    let started = 0;
    afterLargestPaint(() => (started += 1), undefined, page.host);
    page.paintFrame();
    page.largestPaint(999);
    page.beIdle();
    expect(started).toBe(0);
  });

  it("waits for the screen's own paint, not an earlier part's presented in the same late frame", () => {
    const page = fakePage();
    let started = 0;
    const title = { id: 'title' } as unknown as Element;
    const ticket = { id: 'ticket' } as unknown as Element;
    afterLargestPaint(
      () => (started += 1),
      (element) => element === ticket,
      page.host,
    );
    page.paintFrame();
    page.largestPaint(1700, title);
    page.beIdle();
    expect(started).toBe(0);
    page.largestPaint(1740, ticket);
    page.beIdle();
    expect(started).toBe(1);
  });

  it('starts at idle after the wait when the screen painted nothing larger than before', () => {
    const page = fakePage();
    let started = 0;
    afterLargestPaint(() => (started += 1), undefined, page.host);
    page.paintFrame();
    page.advance(LARGEST_PAINT_WAIT_MS - 1);
    page.beIdle();
    expect(started).toBe(0);
    page.advance(1);
    page.beIdle();
    expect(started).toBe(1);
  });

  it("starts at once at the user's first input, and only once", () => {
    const page = fakePage();
    let started = 0;
    afterLargestPaint(() => (started += 1), undefined, page.host);
    page.input();
    expect(started).toBe(1);
    page.paintFrame();
    page.largestPaint(1100);
    page.advance(LARGEST_PAINT_WAIT_MS);
    page.beIdle();
    expect(started).toBe(1);
    expect(page.listening()).toBe(0);
  });

  it('on a screen opened by an in-app tap, starts once its frame has painted', () => {
    const page = fakePage(1000, false);
    let started = 0;
    afterLargestPaint(() => (started += 1), undefined, page.host);
    expect(started).toBe(0);
    page.paintFrame();
    expect(started).toBe(1);
    expect(page.listening()).toBe(0);
  });

  it('never starts once cancelled', () => {
    const page = fakePage();
    let started = 0;
    const cancel = afterLargestPaint(() => (started += 1), undefined, page.host);
    page.paintFrame();
    page.largestPaint(1010);
    cancel();
    page.beIdle();
    page.input();
    page.advance(LARGEST_PAINT_WAIT_MS);
    expect(started).toBe(0);
    expect(page.listening()).toBe(0);
  });

  it("holds the page's own start until a screen waiting for its answers has painted", () => {
    const page = fakePage();
    let started = 0;
    afterLargestPaint(() => (started += 1), undefined, page.host);
    const release = holdPageStart();
    // The tab's title paints, the page goes idle while the ticket's answers are on their way.
    page.paintFrame();
    page.largestPaint(1100);
    page.beIdle();
    expect(started).toBe(0);
    release();
    expect(started).toBe(1);
    release();
    expect(started).toBe(1);
    expect(page.listening()).toBe(0);
  });

  it('waits for every hold, at most PAGE_HOLD_MAX_MS, and never holds a screen its own start', () => {
    // The fake page has one frame callback: the screen's own start on a page of its own.
    const page = fakePage();
    const screen = fakePage();
    let pageStarted = 0;
    let screenStarted = 0;
    const ticket = { id: 'ticket' } as unknown as Element;
    afterLargestPaint(() => (pageStarted += 1), undefined, page.host);
    afterLargestPaint(
      () => (screenStarted += 1),
      (element) => element === ticket,
      screen.host,
    );
    const first = holdPageStart();
    const second = holdPageStart();
    for (const each of [page, screen]) {
      each.paintFrame();
      each.largestPaint(1100, ticket);
      each.beIdle();
    }
    expect([pageStarted, screenStarted]).toEqual([0, 1]);
    first();
    expect(pageStarted).toBe(0);
    page.advance(PAGE_HOLD_MAX_MS - 1);
    expect(pageStarted).toBe(0);
    page.advance(1);
    expect(pageStarted).toBe(1);
    second();
    expect(pageStarted).toBe(1);
    expect(page.listening()).toBe(0);
  });

  it("starts at the user's first input though held", () => {
    const page = fakePage();
    let started = 0;
    afterLargestPaint(() => (started += 1), undefined, page.host);
    const release = holdPageStart();
    page.paintFrame();
    page.largestPaint(1100);
    page.beIdle();
    page.input();
    expect(started).toBe(1);
    release();
    expect(started).toBe(1);
  });
});
