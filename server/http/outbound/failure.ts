/**
 * Why an outbound request went nowhere or came back unread. `refused`: the guard would not
 * connect (the reason names the rule or the address range); `timeout`, `network`: the far end
 * did not answer in time or the connection failed (`reason` is the system's short code, such as
 * ECONNREFUSED or CERT_HAS_EXPIRED). It carries no stack and no certificate: a failing push
 * service is one log line, not a page of TLS internals.
 */
export class OutboundFailure extends Error {
  constructor(
    readonly kind: 'refused' | 'timeout' | 'network',
    readonly reason: string,
    readonly host: string,
  ) {
    super(`${kind}: ${reason} (${host})`);
    this.name = 'OutboundFailure';
    this.stack = undefined;
  }

  /** What a log line shows of it. */
  toJSON(): { kind: string; reason: string; host: string } {
    return { kind: this.kind, reason: this.reason, host: this.host };
  }
}

export const refused = (reason: string, host: string) => new OutboundFailure('refused', reason, host);

/** A socket or TLS error as a failure: its code only (never its `cert`, its stack or its chain). */
export function failureOf(error: unknown, host: string): OutboundFailure {
  if (error instanceof OutboundFailure) return error;
  const code =
    error && typeof error === 'object' && 'code' in error && typeof error.code === 'string'
      ? error.code
      : 'ERROR';
  return new OutboundFailure('network', code, host);
}
