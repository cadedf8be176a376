import { transfer, type Remote } from 'comlink';
import type { WakeApi } from '../../domain/market-data/contract';

/** A channel whose far end the worker posts to when it has news; the near end is returned. */
export function openWakeLine(target: WakeApi | Remote<WakeApi>): MessagePort {
  const line = new MessageChannel();
  void target.setWakePort(transfer(line.port2, [line.port2]));
  return line.port1;
}
