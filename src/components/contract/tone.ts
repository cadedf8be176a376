/** up / down tone of a signed figure; none for zero. */
export function toneOf(value: string): 'tone-up' | 'tone-down' | '' {
  if (/^-/.test(value) && !/^-0(\.0*)?$/.test(value)) return 'tone-down';
  return /^0(\.0*)?$/.test(value) ? '' : 'tone-up';
}
