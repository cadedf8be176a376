/** The writer's waiting jobs, in submission order. */
export class JobQueue<T> {
  private jobs: T[] = [];
  /**
   * Jobs at the head of the queue that run one a batch: those of a batch that failed whole. One
   * job's bad row (a value past a column, a broken constraint at COMMIT) or a failure of an
   * in-memory job's statement aborts the batch's transaction, and every job in it would hear the
   * error — other users' orders refused for one order's fault. Nothing of the batch is durable
   * and its in-memory effects wait for afterCommit, so each runs again alone, in order: only the
   * job at fault hears its error.
   */
  private alone = 0;

  constructor(private readonly maxBatch: number) {}

  size(): number {
    return this.jobs.length;
  }

  add(job: T): void {
    this.jobs.push(job);
  }

  /** The next batch off the queue: up to maxBatch jobs, or one while jobs must run alone. */
  take(): T[] {
    const taken = this.jobs.slice(0, this.alone > 0 ? 1 : this.maxBatch);
    this.jobs = this.jobs.slice(taken.length);
    this.alone = Math.max(0, this.alone - taken.length);
    return taken;
  }

  /** A batch the database surely rolled back goes back to the head, its jobs to run alone. */
  again(batch: readonly T[]): void {
    this.jobs = [...batch, ...this.jobs];
    this.alone += batch.length;
  }
}
