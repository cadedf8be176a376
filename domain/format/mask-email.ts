/**
 * An address as a settings row shows it: the first two characters of the name, the domain whole
 * ("ay***@example.com"), as Binance and the banks' apps do. The row fits one line whatever the
 * address's length, and a glance over the shoulder does not read it; the full address is on its
 * own screen.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return email;
  const name = email.slice(0, at);
  return `${name.slice(0, Math.min(2, name.length - 1) || 1)}***${email.slice(at)}`;
}
