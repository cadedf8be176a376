/**
 * Whether the broker last said "sandbox": offline, /common/config cannot answer, and a paper-money
 * app must not lose its "paper money" mark (DECISIONS §1) just because the network did.
 */
const KEY = 'lastSandbox';

export function saveLastSandbox(sandbox: boolean): void {
  try {
    localStorage.setItem(KEY, sandbox ? '1' : '0');
  } catch {
    // no storage: offline starts show no mark, as before
  }
}

/**
 * Unknown (first start, or no storage) counts as sandbox: this app ships with the sandbox broker,
 * and claiming "paper money" for a moment on a real broker harms nobody, while the mark appearing
 * after the first screen pushes that screen down as the user starts reading it.
 */
export function readLastSandbox(): boolean {
  try {
    return localStorage.getItem(KEY) !== '0';
  } catch {
    return true;
  }
}
