// What a bench reads of a process from /proc (Linux): its CPU time and resident memory.
import { readdirSync, readFileSync } from 'node:fs';

const CLOCK_TICKS = 100; // USER_HZ on Linux

/** CPU milliseconds (user + system) the process has used so far. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** CPU milliseconds the process has used so far in the kernel (system time) alone. */
export function systemCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[12]) * 1000) / CLOCK_TICKS;
}

/** Resident memory of the process, MB. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}

/** A process's fields after its name in /proc/<pid>/stat (field 3 on, 0-based here); null once it is gone. */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/**
 * CPU milliseconds of a whole process tree so far: the root's own, what its reaped children used
 * (cutime + cstime: a PostgreSQL backend that ended meanwhile still counts), and every live
 * descendant's. Read twice around a load, the difference is the tree's CPU over it.
 */
export function treeCpuMs(root: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const parent = Number(statFields(pid)?.[1] ?? NaN);
    if (!Number.isInteger(parent)) continue;
    children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const own = (fields: string[]) => Number(fields[11]) + Number(fields[12]);
  const rootFields = statFields(root);
  if (!rootFields) throw new Error(`process ${root} is gone`);
  let ticks = own(rootFields) + Number(rootFields[13]) + Number(rootFields[14]);
  const queue = [...(children.get(root) ?? [])];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    const fields = statFields(pid);
    if (fields) ticks += own(fields);
    queue.push(...(children.get(pid) ?? []));
  }
  return (ticks * 1000) / CLOCK_TICKS;
}

/** The parent of a process (PostgreSQL's postmaster, of one of its backends). */
export function parentPid(pid: number): number {
  const parent = Number(statFields(pid)?.[1] ?? NaN);
  if (!Number.isInteger(parent)) throw new Error(`process ${pid} is gone`);
  return parent;
}
