/**
 * The chart's colours come from the design tokens (tokens.css) and the indicator palette in
 * instrument.css; lightweight-charts draws on canvas, so it takes resolved colour strings.
 */
export type ChartTheme = {
  background: string;
  text: string;
  grid: string;
  up: string;
  down: string;
  upVolume: string;
  downVolume: string;
  lines: string[];
};

const LINE_TOKENS = ['--ind-1', '--ind-2', '--ind-3', '--ind-4'];

export function readChartTheme(element: HTMLElement): ChartTheme {
  const style = getComputedStyle(element);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    background: token('--color-bg', '#0b0d12'),
    text: token('--color-text-muted', '#9aa3b2'),
    grid: token('--color-separator', '#2a2f3a'),
    up: token('--color-up', '#30d158'),
    down: token('--color-down', '#ff5a52'),
    upVolume: token('--chart-volume-up', 'rgb(48 209 88 / 0.5)'),
    downVolume: token('--chart-volume-down', 'rgb(255 90 82 / 0.5)'),
    lines: LINE_TOKENS.map((name, index) =>
      token(name, ['#f5c842', '#c77dff', '#4da3ff', '#ff9f0a'][index]!),
    ),
  };
}
