// The formatters and the API-answer reader against the bare platform calls they wrap.
import { formatDateTime } from '../../domain/format/date';
import { formatMoney, formatCompact } from '../../domain/format/number';
import { readTypedNumber } from '../../domain/format/typed-number';
import { parseEnvelope } from '../../domain/protocol/envelope';
import type { Case } from './harness';

const money = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact' });
const dateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Istanbul',
  dateStyle: 'short',
  timeStyle: 'short',
});
const answer = JSON.stringify({
  code: 0,
  msg: 'ok',
  data: { user: { status: 1, id: '100001', account: 'a@b.co', idStatus: 'succ' }, openAutoApply: 1 },
});
let tick = 0;
const nextMs = () => 1_790_000_000_000 + (tick += 61_000);

export const cases: Case[] = [
  {
    name: 'format money (truncated, tr-TR)',
    unit: 'ops/s',
    peerName: 'Intl.NumberFormat (rounds, float)',
    ours: () => formatMoney('1234567.8991', 'tr-TR'),
    peer: () => money.format(1234567.8991),
  },
  {
    name: 'format compact (en-US)',
    unit: 'ops/s',
    peerName: 'Intl.NumberFormat compact',
    ours: () => formatCompact('3456789012', 'en-US'),
    peer: () => compact.format(3456789012),
  },
  {
    name: 'format date-time (Istanbul, en-US)',
    unit: 'ops/s',
    peerName: 'Intl.DateTimeFormat.format',
    ours: () => formatDateTime(nextMs(), 'en-US'),
    peer: () => dateTime.format(nextMs()),
  },
  {
    name: 'parse typed number (tr-TR)',
    unit: 'ops/s',
    peerName: 'replace + Number()',
    ours: () => readTypedNumber('1.234.567,89', 'tr-TR', { decimals: 2 }),
    peer: () => Number('1.234.567,89'.replace(/\./g, '').replace(',', '.')),
  },
  {
    name: 'read an API answer (checked)',
    unit: 'ops/s',
    peerName: 'JSON.parse (unchecked)',
    ours: () => parseEnvelope(JSON.parse(answer)),
    peer: () => JSON.parse(answer),
  },
];
