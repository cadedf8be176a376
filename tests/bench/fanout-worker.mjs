// Worker-thread entry of fanout-worker.ts: a worker starts without the parent's TypeScript
// loader, so it registers tsx itself (as scripts/start.mjs does) before loading the module.
import { register } from 'tsx/esm/api';

register();
await import('./fanout-worker.ts');
