/** The id the URL names, or null: the screen then shows a chooser, not an error. */
export function idFromSearch(search: string): string | null {
  const id = new URLSearchParams(search).get('id') ?? '';
  return id === '' ? null : id;
}
