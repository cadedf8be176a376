/**
 * `format`, remembering its last few hundred answers. The chart asks its axes for the same few
 * labels on every repaint, and a repaint follows every tick: each value is formatted once (Intl's
 * format showed in the kline screen's start-up profile).
 */
export function cachedLabels(format: (value: number) => string): (value: number) => string {
  const labels = new Map<number, string>();
  return (value) => {
    let text = labels.get(value);
    if (text === undefined) {
      if (labels.size >= 512) labels.clear();
      text = format(value);
      labels.set(value, text);
    }
    return text;
  };
}
