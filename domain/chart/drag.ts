import { HIT_TOLERANCE_PX, distanceToSegment, type ScreenPoint, type ScreenShape } from './drawing';

/** What a finger holds of a line: the whole line, or one end of a trend line. */
export type Grip = 'line' | 'a' | 'b';

/**
 * Where on `shape` a press at p lands, or null when it misses: a trend line's ends come first
 * (a line is moved by its middle, stretched by its ends), so a press near an end stretches it.
 */
export function gripAt(shape: ScreenShape, p: ScreenPoint, tolerance = HIT_TOLERANCE_PX): Grip | null {
  if (shape.kind === 'hline') return Math.abs(p.y - shape.y) <= tolerance ? 'line' : null;
  const toA = Math.hypot(p.x - shape.a.x, p.y - shape.a.y);
  const toB = Math.hypot(p.x - shape.b.x, p.y - shape.b.y);
  if (Math.min(toA, toB) <= tolerance) return toA <= toB ? 'a' : 'b';
  return distanceToSegment(p, shape.a, shape.b) <= tolerance ? 'line' : null;
}

/**
 * The line a press picks for dragging: the selected one first (its ends are drawn, the user aims
 * at them), then the nearest other within the tolerance, the one drawn last on a tie.
 */
export function pickGrip(
  shapes: readonly ScreenShape[],
  p: ScreenPoint,
  selected: string | null,
  tolerance = HIT_TOLERANCE_PX,
): { id: string; grip: Grip } | null {
  const chosen = shapes.find((shape) => shape.id === selected);
  const held = chosen ? gripAt(chosen, p, tolerance) : null;
  if (chosen && held) return { id: chosen.id, grip: held };
  let best: { id: string; grip: Grip } | null = null;
  let bestDistance = tolerance;
  for (const shape of shapes) {
    const grip = gripAt(shape, p, tolerance);
    if (!grip) continue;
    const distance =
      shape.kind === 'hline' ? Math.abs(p.y - shape.y) : distanceToSegment(p, shape.a, shape.b);
    if (distance <= bestDistance) {
      best = { id: shape.id, grip };
      bestDistance = distance;
    }
  }
  return best;
}

/** Where the shape held by `grip` is once the finger has moved by (dx, dy) from where it pressed. */
export function dragShape(shape: ScreenShape, grip: Grip, dx: number, dy: number): ScreenShape {
  if (shape.kind === 'hline') return { ...shape, y: shape.y + dy };
  const move = (p: ScreenPoint) => ({ x: p.x + dx, y: p.y + dy });
  return {
    ...shape,
    a: grip === 'b' ? shape.a : move(shape.a),
    b: grip === 'a' ? shape.b : move(shape.b),
  };
}

/** How far a press must travel before it is a drag (a tap that wobbles still selects). */
export const DRAG_SLOP_PX = 4;
