/** Offset of a page (page counts from 1). */
export function offsetOf(page: number, size: number): number {
  return (page - 1) * size;
}

/** One page cut from a list held whole, with the list's total (the wire's page shape). */
export function pageOf<T>(items: T[], { page, size }: { page: number; size: number }) {
  const start = offsetOf(page, size);
  return { list: items.slice(start, start + size), total: items.length, page, size };
}
