import { useCallback, useEffect, useState } from 'react';
import type { CalendarPeriod } from '../../../domain/journal/calendar';
import { journalEndpoints } from '../../../domain/protocol/endpoints/learn';
import type { ReportSummary } from '../../../domain/protocol/learn';
import { call } from '../../api/call';

/** `period`, once ready: the one the report was read for (its calendar's keys are of that period). */
export type ReportLoad =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; report: ReportSummary; period: CalendarPeriod };

/** The report over all closed trades, its calendar by `period`. */
export function useReport(period: CalendarPeriod) {
  const [load, setLoad] = useState<ReportLoad>({ status: 'loading' });
  const read = useCallback(async () => {
    try {
      setLoad({
        status: 'ready',
        report: await call(journalEndpoints.summary, { period }, { silent: true }),
        period,
      });
    } catch (error) {
      setLoad({ status: 'failed', error });
    }
  }, [period]);
  useEffect(() => {
    setLoad({ status: 'loading' });
    void read();
  }, [read]);
  return { load, retry: () => void read() };
}
