import type { WakePort } from '../domain/market-data/contract';

/**
 * The worker's half of the page's pacing: the page pulls a patch (flush) and may then park until
 * told there is news. `armed`: a flush went out since the last wake, so the page may be parked;
 * the first news after it posts one wake, later news rides on the pull that follows.
 */
export class WakeLine {
  private port: WakePort | null = null;
  private armed = false;

  setPort(port: WakePort): void {
    this.port = port;
  }

  /** A patch was pulled: the next news wakes the page. */
  pulled(): void {
    this.armed = true;
  }

  /** Something changed that the next patch carries. */
  poke(): void {
    if (!this.armed || !this.port) return;
    this.armed = false;
    this.port.postMessage(0);
  }
}
