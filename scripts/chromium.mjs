// Finds Debian's Chromium for the browser tests, installing it when we can (root with apt).
import { existsSync } from 'node:fs';
import { aptInstall } from './apt.mjs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
export const INSTALL_COMMAND = 'sudo apt-get update && sudo apt-get install -y chromium';

export function findChromium() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  return CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;
}

/** Returns Chromium's path, or null with the reason printed. Never skips silently. */
export function ensureChromium() {
  if (!findChromium()) aptInstall(['chromium']);
  const found = findChromium();
  if (found) return found;
  console.error(
    `Browser tests need Chromium, which is not installed. Install it with:\n  ${INSTALL_COMMAND}`,
  );
  return null;
}
