import { useTranslation } from '../../i18n/hook';
import { Segmented } from '../../components/form/segmented';
import { INTERVALS, type Interval } from '../../../domain/market/instrument';
import {
  MAIN_INDICATORS,
  SUB_INDICATORS,
  type MainIndicator,
  type SubIndicator,
} from '../../../domain/indicators/types';

type ChipsProps<T extends string> = {
  label: string;
  values: readonly T[];
  value: T;
  testId: (value: T) => string;
  text: (value: T) => string;
  onChange: (value: T) => void;
  fill?: boolean;
};

/** One row of mutually exclusive choices, scrolled sideways rather than wrapped on narrow phones. */
function Chips<T extends string>({ label, values, value, testId, text, onChange, fill }: ChipsProps<T>) {
  return (
    <Segmented
      label={label}
      value={value}
      options={values.map((item) => ({ value: item, label: text(item), testId: testId(item) }))}
      onChange={onChange}
      look={{
        group: fill ? 'kline-chips kline-chips--fill' : 'kline-chips',
        option: 'kline-chip',
        chosen: 'kline-chip--on',
      }}
    />
  );
}

export function IntervalBar({
  value,
  onChange,
}: {
  value: Interval;
  onChange: (interval: Interval) => void;
}) {
  const { t } = useTranslation('instrument');
  return (
    <Chips
      label={t('kline.intervals')}
      values={INTERVALS}
      value={value}
      testId={(i) => `interval-${i}`}
      text={(i) => t(`interval.${i}`)}
      onChange={onChange}
      fill
    />
  );
}

type IndicatorProps = {
  main: MainIndicator;
  sub: SubIndicator;
  onMain: (main: MainIndicator) => void;
  onSub: (sub: SubIndicator) => void;
};

export function IndicatorBar({ main, sub, onMain, onSub }: IndicatorProps) {
  const { t } = useTranslation('instrument');
  return (
    <div className="kline-indicators">
      <Chips
        label={t('kline.main')}
        values={MAIN_INDICATORS}
        value={main}
        testId={(x) => `main-ind-${x}`}
        text={(x) => x}
        onChange={onMain}
      />
      <span className="kline-indicators__gap" aria-hidden="true" />
      <Chips
        label={t('kline.sub')}
        values={SUB_INDICATORS}
        value={sub}
        testId={(x) => `sub-ind-${x}`}
        text={(x) => x}
        onChange={onSub}
      />
    </div>
  );
}
