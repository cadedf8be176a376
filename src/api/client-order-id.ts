/** A fresh idempotency id for one confirmation: a retry resends it, so the server opens once. */
export function newClientOrderId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return `c${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
