// In-page probe of the UI benchmark, added to every page as an init script (plain JS: it is
// sent as text, so no bundler helpers can leak into it). It switches the app's counters on
// (src/market/render-stats.ts reads `seansBench` once at load) and measures a window between
// `__seansProbe.start()` and `__seansProbe.stop()`.
(() => {
  try {
    localStorage.setItem('seansBench', '1');
  } catch {
    // about:blank has no storage; the app's origin does
  }

  // Long tasks are buffered from the start; a window keeps those that began inside it.
  const longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no longtask support: reported as null by stop()
    longTasks.push(null);
  }

  let window0 = null;

  const counters = () => globalThis.__seansBench;
  const sumChanges = (map, symbols) => {
    let sum = 0;
    for (const symbol of symbols) sum += map?.get(symbol) ?? 0;
    return sum;
  };

  globalThis.__seansProbe = {
    /**
     * Starts a window. `rows` ({selector, attr, prefix}) finds the ticker rows whose changes and
     * renders are counted; `track` lists the elements whose text changes are timed tick → paint,
     * each naming its symbol by attribute (minus a prefix) or by a fixed `symbol`.
     */
    start(config) {
      const bench = counters();
      const w = {
        t0: performance.now(),
        // performance.timeOrigin drifts from the wall clock on long-lived pages; the server's
        // `t` is wall-clock, so measure the offset once per window.
        offset: Date.now() - (performance.timeOrigin + performance.now()),
        frames: [],
        tickToPaint: [],
        // The same ticks split: server time → applied to state, and applied → painted.
        tickToApply: [],
        applyToPaint: [],
        pending: [],
        measuredT: new Map(),
        renders0: { ...(bench?.renders ?? {}) },
        changes0: new Map(bench?.changes ?? []),
        stopped: false,
        config,
      };
      window0 = w;

      let last = null;
      const frame = (ts) => {
        if (w.stopped) return;
        if (last !== null) w.frames.push(ts - last);
        last = ts;
        // "Painted": the first frame callback after the DOM changed.
        if (w.pending.length) {
          const now = performance.now();
          const paintedAt = performance.timeOrigin + now + w.offset;
          for (const { t, applied } of w.pending) {
            w.tickToPaint.push(paintedAt - t);
            w.tickToApply.push(performance.timeOrigin + applied + w.offset - t);
            w.applyToPaint.push(now - applied);
          }
          w.pending.length = 0;
        }
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);

      const symbolOf = (element) => {
        for (const track of config.track) {
          const owner = element.closest(track.selector);
          if (!owner) continue;
          return track.symbol ?? owner.getAttribute(track.attr)?.slice(track.prefix.length);
        }
        return undefined;
      };
      w.observer = new MutationObserver((records) => {
        const last = counters()?.last;
        if (!last) return;
        for (const record of records) {
          const node = record.target;
          const element = node.nodeType === Node.ELEMENT_NODE ? node : node.parentElement;
          const symbol = element && symbolOf(element);
          if (!symbol) continue;
          const change = last.get(symbol);
          // One sample per applied tick, however many nodes of its row changed.
          if (change === undefined || w.measuredT.get(symbol) === change.t) continue;
          w.measuredT.set(symbol, change.t);
          w.pending.push(change);
        }
      });
      w.observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    },

    /** Ends the window and returns its raw measurements. */
    stop() {
      const w = window0;
      if (!w) throw new Error('probe not started');
      w.stopped = true;
      w.observer.disconnect();
      const t1 = performance.now();
      const bench = counters();
      const { selector, attr, prefix } = w.config.rows;
      const rows = [...document.querySelectorAll(selector)];
      const symbols = new Set(
        rows.map((row) => row.getAttribute(attr)?.slice(prefix.length)).filter(Boolean),
      );
      const renders = {};
      for (const [kind, n] of Object.entries(bench?.renders ?? {}))
        renders[kind] = n - (w.renders0[kind] ?? 0);
      const noLongTasks = longTasks[0] === null;
      const inWindow = noLongTasks ? [] : longTasks.filter(([start]) => start >= w.t0 && start < t1);
      return {
        seconds: (t1 - w.t0) / 1000,
        frames: w.frames,
        tickToPaint: w.tickToPaint,
        tickToApply: w.tickToApply,
        applyToPaint: w.applyToPaint,
        longTaskMs: noLongTasks ? null : inWindow.reduce((sum, [, d]) => sum + d, 0),
        longTasks: inWindow.length,
        renders,
        rows: symbols.size,
        benchOn: bench !== undefined,
        // Changes applied to symbols that have a row on screen, over the window.
        rowChanges: sumChanges(bench?.changes, symbols) - sumChanges(w.changes0, symbols),
        allChanges:
          sumChanges(bench?.changes, bench?.changes?.keys() ?? []) -
          sumChanges(w.changes0, w.changes0.keys()),
      };
    },
  };
})();
