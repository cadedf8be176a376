// `npm run dev`: the broker on PORT (default 8080) and Vite with hot reload on 5173, which
// proxies /ipxtrg-api (HTTP and WebSocket) to the broker. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, CLIENT_DIR: 'no-client-in-dev' },
  }),
  spawn(path.join(ROOT, 'node_modules', '.bin', 'vite'), ['--host'], { cwd: ROOT, stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
