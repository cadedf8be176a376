// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { noteServerDate, resetServerClock } from '../../src/api/server-clock';
import { readLastPortfolio, saveLastPortfolio } from '../../src/pwa/last-assets';
import { session } from '../../src/state/session';

/**
 * The offline portfolio says when it was last seen live ("as of 14:05"): that time is the
 * server's, like every time the app shows, not the phone's (an hour slow, it read an hour early).
 */
describe('the last known portfolio', () => {
  afterEach(() => {
    resetServerClock();
    localStorage.clear();
    session.userToken = '';
  });

  it("is dated by the server's clock when the phone's is an hour slow", () => {
    session.userToken = 'token-of-the-signed-in-user';
    const hour = 3_600_000;
    const sentAt = Date.now();
    noteServerDate(new Date(sentAt + hour).toUTCString(), sentAt, sentAt + 20);
    saveLastPortfolio({ totalTry: '1000', dayPnlTry: null, dayPnlPct: null, parts: {} }, { flush: true });
    const saved = readLastPortfolio()!.savedAt;
    // Within the Date header's second and the test's own time of the server's now.
    expect(saved - (Date.now() + hour)).toBeGreaterThan(-1_000);
    expect(saved - (Date.now() + hour)).toBeLessThan(2_000);
  });
});
