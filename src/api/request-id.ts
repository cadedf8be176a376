/**
 * A fresh `requestId` (domain/protocol/request-id.ts): 32 hex digits. From getRandomValues, not
 * randomUUID, which browsers give only to secure contexts (the sandbox is also tried over plain
 * http from a phone on the LAN).
 */
export function newRequestId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One `requestId` per intent of a money-moving form: confirming the same values again (a retry
 * after a lost answer) sends the same id, so the broker moves the money once and answers the
 * first result; other values get a new id, and so does the next intent after `done()`.
 * Passwords are not values of the intent: a retry may type them again. Order tickets make their
 * ids with `newClientOrderId` (client-order-id.ts): the same rule, for a `clientOrderId`.
 */
export class RequestIntent {
  private values = '';
  private id = '';

  constructor(private readonly newId: () => string = newRequestId) {}

  idFor(values: Readonly<Record<string, string | number | boolean | null | undefined>>): string {
    const key = JSON.stringify(Object.entries(values).sort(([a], [b]) => (a < b ? -1 : 1)));
    if (!this.id || key !== this.values) {
      this.values = key;
      this.id = this.newId();
    }
    return this.id;
  }

  /**
   * The intent has its answer (done, or finally refused): the next confirmation is a new one, even
   * with the same values.
   */
  done(): void {
    this.id = '';
    this.values = '';
  }
}
