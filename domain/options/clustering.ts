/**
 * How a window of trading's log variance scatters on a market whose variance clusters: the
 * simulator's diffusion variance follows GARCH(1,1), updated once a `step`, a shock keeping
 * `persistence` (φ) of itself a step later, and a jump leaves the variance hot for a while
 * (its afterglow). Over a long window these average out and the log return is Merton's mixture
 * of normals; over one session they do not, and its tails are fatter than that mixture's.
 * Pure float maths for domain/options/model.
 */

/**
 * The share of a jump's afterglow that falls inside a window of `steps` steps, the jump at a
 * uniform place in it: a shock's excess decays as φ^k, so its sum to the window's end, averaged
 * over where the jump fell, is 1 − (1 − φ^M)/(M·(1 − φ)) of the unlimited sum (0 for a window of
 * one step, → 1 for a long one).
 */
export function afterglowInside(steps: number, persistence: number): number {
  if (!(steps > 1) || !(persistence > 0 && persistence < 1)) return 0;
  return 1 - (1 - persistence ** steps) / (steps * (1 - persistence));
}

/**
 * Var(Σ v_i) / (M²·Var(v)) for a stationary series of M steps whose autocorrelation at lag k is
 * φ^k: [M·(1 + φ)/(1 − φ) − 2φ·(1 − φ^M)/(1 − φ)²] / M². It is 1 for one step and falls as
 * (1 + φ)/((1 − φ)·M) for a long window: how much of a variance level's scatter a window keeps.
 */
export function clusterScatter(steps: number, persistence: number): number {
  const m = Math.max(steps, 1);
  if (!(persistence > 0 && persistence < 1)) return 1 / m;
  const rest = 1 - persistence;
  return (
    ((m * (1 + persistence)) / rest - (2 * persistence * (1 - persistence ** m)) / (rest * rest)) / (m * m)
  );
}

/**
 * The five-point Gauss–Hermite rule for a standard normal Z (exact for polynomials in Z up to
 * degree 9): E[f(Z)] ≈ Σ weight_i·f(node_i). The nodes are ±√(5 ± √10) and 0; the weights
 * (7 ∓ 2√10)/60 and 8/15.
 */
const NODES = [-2.8569700138728056, -1.3556261799742657, 0, 1.3556261799742657, 2.8569700138728056];
const WEIGHTS = [
  0.011257411327720691, 0.22207592200561266, 0.5333333333333333, 0.22207592200561266, 0.011257411327720691,
];

/**
 * A lognormal with mean 1 and squared coefficient of variation `cv2`, as five points and their
 * weights (Gauss–Hermite on its log): factors e^(s·z_i − s²/2), s² = ln(1 + cv2). With no
 * scatter, the single point 1.
 */
export function lognormalPoints(cv2: number): { factors: number[]; weights: number[] } {
  if (!(cv2 > 0)) return { factors: [1], weights: [1] };
  const s2 = Math.log(1 + cv2);
  const s = Math.sqrt(s2);
  return { factors: NODES.map((z) => Math.exp(s * z - s2 / 2)), weights: WEIGHTS };
}
