// Installs Debian packages that `npm test` needs when we can (root with apt), as a fresh machine of
// ours lacks them; elsewhere the caller prints the command to run by hand.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const canApt = () =>
  typeof process.getuid === 'function' && process.getuid() === 0 && existsSync('/usr/bin/apt-get');

/** Tries `apt-get install` of the packages; whether it worked is for the caller to look at. */
export function aptInstall(packages) {
  if (!canApt()) return;
  console.log(`Installing Debian's ${packages.join(', ')}…`);
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', ...packages], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch {
    // Reported by the caller, which looks for what should now be there.
  }
}
