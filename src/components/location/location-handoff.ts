import { canGoBack, goBack, navigate } from '../../paths/navigation';

export const CHOOSE_LOCATION_PATH = '/choose-location';
export const OPEN_LOCATION_PATH = '/open-location';

/**
 * A form that asks /choose-location for an address (the bank card's "bank address") leaves its
 * draft here, and takes it back with the chosen text when the picker goes back: the form's own
 * state does not survive the trip, and the URL is no place for what the user typed.
 */
type Pending = { field: string; draft: Record<string, string> };
let pending: Pending | null = null;
let result: (Pending & { text: string }) | null = null;

/** Opens the picker for `field`, remembering the form as it is. */
export function chooseLocation(field: string, draft: Record<string, string>): void {
  pending = { field, draft: { ...draft } };
  result = null;
  navigate(`${CHOOSE_LOCATION_PATH}?${new URLSearchParams({ field }).toString()}`);
}

/** Whether the picker was opened by a form that waits for its answer. */
export function isPicking(): boolean {
  return pending !== null;
}

/** The picker's answer: back to the form with the text (or without one, `null`: cancelled). */
export function returnLocation(text: string | null): void {
  if (pending && text !== null) result = { ...pending, text };
  else if (pending) result = { ...pending, text: pending.draft[pending.field] ?? '' };
  pending = null;
  if (canGoBack()) goBack();
  else navigate('/', { replace: true });
}

/** The form's draft with the chosen address in its field, once; null when nothing came back. */
export function takeLocationResult(): Record<string, string> | null {
  if (!result) return null;
  const { field, draft, text } = result;
  result = null;
  return { ...draft, [field]: text };
}

/** A `geo:` URI (RFC 5870) the device's maps app opens: coordinates, a typed address, or both. */
export function geoUri(place: { lat?: number | null; lng?: number | null; q?: string }): string {
  const hasPoint = typeof place.lat === 'number' && typeof place.lng === 'number';
  const point = hasPoint ? `${place.lat!.toFixed(6)},${place.lng!.toFixed(6)}` : '0,0';
  const q = (place.q ?? '').trim();
  return q === '' ? `geo:${point}` : `geo:${point}?q=${encodeURIComponent(q)}`;
}
