// What the hand-run trace tools (start-trace.ts, trade-trace.ts) share: Lighthouse's slow 4G as
// DevTools applies it, and the shapes of a Chromium trace's events and a CPU profile.

/** Lighthouse's mobile network: 150 ms round trip, 1.6 Mbps down, 750 kbps up (its 0.9 factor). */
export const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6e6 / 8) * 0.9,
  uploadThroughput: (750e3 / 8) * 0.9,
};

/** A trace event (the protocol's types call each a map of strings; Chromium's hold numbers and nested args). */
export type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time, where the category records it. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: {
    data?: { url?: string; functionName?: string; type?: string; candidateIndex?: number };
    name?: string;
  };
};
export type ProfileNode = {
  id: number;
  callFrame: { url: string; functionName: string; lineNumber: number; columnNumber?: number };
  hitCount?: number;
};
export type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number };
