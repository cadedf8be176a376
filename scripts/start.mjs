// `npm start`: builds the client when its sources changed and bundles the broker
// (scripts/server-build.mjs), then runs the sandbox broker (API, WebSocket and the built app) in
// this very process, so signals reach it directly.
import { pathToFileURL } from 'node:url';
import { buildClient, clientIsStale } from './client-build.mjs';
import { buildServer } from './server-build.mjs';

if (clientIsStale()) {
  console.log('Building the client…');
  if (!buildClient()) {
    console.error('The client build failed; see the errors above.');
    process.exit(1);
  }
}
let bundle;
try {
  bundle = await buildServer();
} catch {
  console.error('The broker build failed; see the errors above.');
  process.exit(1);
}
// Stack traces in the logs name the TypeScript sources, not the bundle.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(bundle).href);
