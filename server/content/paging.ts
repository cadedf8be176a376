/** Offset of a page (page counts from 1). */
export function offsetOf(page: number, size: number): number {
  return (page - 1) * size;
}
