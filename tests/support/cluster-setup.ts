import { afterAll } from 'vitest';
import { stopClusters } from './cluster';

// After each cluster file's own teardown: a cluster whose start its `beforeAll` gave up on (a
// timeout) is stopped here, nodes that never became healthy included, so none outlives the run.
afterAll(stopClusters, 120_000);
