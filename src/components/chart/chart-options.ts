import {
  ColorType,
  CrosshairMode,
  type DeepPartial,
  type Time,
  type TimeChartOptions,
} from 'lightweight-charts';
import type { ChartTheme } from './chart-theme';
import { fromChartTime, tickMarkLabels } from './chart-time';

/** The candle chart's look and labels: the theme's colours, the reader's locale, Istanbul times. */
export function chartOptions(
  theme: ChartTheme,
  locale: string,
  formatTime: (epochMs: number) => string,
): DeepPartial<TimeChartOptions> {
  return {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: theme.background },
      textColor: theme.text,
      attributionLogo: false,
      panes: { separatorColor: theme.grid },
    },
    grid: { vertLines: { color: theme.grid }, horzLines: { color: theme.grid } },
    crosshair: { mode: CrosshairMode.Normal },
    rightPriceScale: { borderColor: theme.grid },
    timeScale: {
      borderColor: theme.grid,
      timeVisible: true,
      rightOffset: 4,
      tickMarkFormatter: tickMarkLabels(locale),
    },
    localization: {
      locale,
      timeFormatter: (time: Time) => {
        const ms = fromChartTime(time);
        return ms === null ? '' : formatTime(ms);
      },
    },
  };
}
