import { useEffect, useState } from 'react';
import { afterPaint } from '../../components/content/use-live-data';

/**
 * False in a screen's first render, true once the frame that showed it has painted: what is below
 * the first screenful can wait for it, so the first frame (a tab tapped again renders in the tap's
 * own task) holds only what the phone shows at once.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterPaint(() => setPainted(true)), []);
  return painted;
}
