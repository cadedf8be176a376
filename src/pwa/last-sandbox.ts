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

export function readLastSandbox(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}
