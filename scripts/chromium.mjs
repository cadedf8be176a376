// Finds Debian's Chromium for the browser tests, installing it when we can (root with apt).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
export const INSTALL_COMMAND = 'sudo apt-get update && sudo apt-get install -y chromium';

export function findChromium() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  return CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;
}

/** Returns Chromium's path, or null with the reason printed. Never skips silently. */
export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log("Chromium is missing: installing Debian's chromium package…");
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
      execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } catch {
      // Reported below with the command to run by hand.
    }
    const installed = findChromium();
    if (installed) return installed;
  }
  console.error(
    `Browser tests need Chromium, which is not installed. Install it with:\n  ${INSTALL_COMMAND}`,
  );
  return null;
}
