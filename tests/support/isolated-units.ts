/**
 * Client units that replace a module (vi.mock) or a global (vi.stubGlobal, vi.stubEnv). The
 * `unit` project shares a worker's module cache between files, where such a mock would miss a
 * module an earlier file loaded, or leak into the files after it.
 * tests/lint/isolated-units.test.ts keeps this list complete.
 */
export const MOCKING_UNITS = [
  'src/api/call.test.ts',
  'src/components/chart/kline-chart.test.tsx',
  'src/components/market/live-cells.test.tsx',
  'src/market/client.test.tsx',
  'src/screens/kyc/kyc.test.tsx',
  'src/state/theme.test.ts',
  'tests/unit/bulk-screens.test.tsx',
  'tests/unit/contract-positions-render.test.tsx',
  'tests/unit/depth-render-count.test.tsx',
  'tests/unit/funding-deposit.test.tsx',
  'tests/unit/kline-session-badge.test.tsx',
  'tests/unit/market-pacing.test.ts',
  'tests/unit/market-render-count.test.tsx',
  'tests/unit/service-screen.test.tsx',
  'tests/unit/spot-ticket-renders.test.tsx',
];

/** Units that test a first load itself, which a shared module cache has long behind it. */
export const FIRST_LOAD_UNITS = [
  // The text bundles as the first load ships them: i18n merges later pages' texts into the very
  // objects the JSON modules export, so an earlier file's screens would show up in them.
  'tests/unit/error-texts-split.test.ts',
  // A screen's and the drawer's first visit, their code not loaded by an earlier file.
  'tests/unit/first-visit-reveal.test.tsx',
  // The route table as the entry has it: the lazy table not yet loaded by an earlier file.
  'src/routes/route-view.test.tsx',
  // The spot ticket's rules failing their first load: not yet loaded by an earlier file.
  'tests/unit/spot-conditional-retry.test.tsx',
  // The conditional form's chunk failing its first load: not yet loaded by an earlier file.
  'tests/unit/conditional-chunk-retry.test.tsx',
  // The market client not yet loaded (it loads with the worker): a fresh copy of its start each
  // test, which a shared module cache would hand to the files after it.
  'src/market/client-start.test.tsx',
];

/** What `unit-isolated` runs (vitest.config.ts): a fresh module cache for each file. */
export const ISOLATED_UNITS = [...MOCKING_UNITS, ...FIRST_LOAD_UNITS];
