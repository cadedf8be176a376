// Finds Debian's nats-server for the cluster suite (its tests start their own server per run),
// installing it when we can (root with apt).
import { existsSync } from 'node:fs';
import { aptInstall } from './apt.mjs';

const CANDIDATES = ['/usr/sbin/nats-server', '/usr/bin/nats-server'];
const INSTALL_COMMAND = 'sudo apt-get update && sudo apt-get install -y nats-server';

const findNats = () => CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;

/** Returns nats-server's path, or null with the reason printed. */
export function ensureNats() {
  if (!findNats()) aptInstall(['nats-server']);
  const found = findNats();
  if (found) return found;
  console.error(
    `The cluster suite needs nats-server, which is not installed. Install it with:\n  ${INSTALL_COMMAND}`,
  );
  return null;
}
