// `npm start`: builds the client when its sources changed, then runs the sandbox broker
// (API, WebSocket and the built app) in this very process, so signals reach it directly.
import { register } from 'tsx/esm/api';
import { buildClient, clientIsStale } from './client-build.mjs';

if (clientIsStale()) {
  console.log('Building the client…');
  if (!buildClient()) {
    console.error('The client build failed; see the errors above.');
    process.exit(1);
  }
}
register();
await import('../server/main.ts');
