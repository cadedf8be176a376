/**
 * An identity number as the user may see it again: only its last characters, the rest as
 * bullets, so a screen, a screenshot or a leaked answer never carries the full number.
 */
export function maskTail(value: string, keep = 3): string {
  const chars = Array.from(value);
  const shown = chars.slice(-keep).join('');
  return '•'.repeat(Math.max(chars.length - keep, 4)) + shown;
}
