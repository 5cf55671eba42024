/**
 * How long a commit by another connection to the SQLite file (the admin CLI) may stay unseen by
 * kept answers, in ms: the same bound the caller cache gives such changes.
 */
export const COMMIT_CHECK_MS = 100;
/**
 * Answers kept at most (one per query and parameters: per account listing its voices, all or of one
 * type), the oldest dropped first. Each row is in at most two answers, so they never hold more than
 * twice the rows of the listed accounts, and any write of this process drops them all.
 */
const MAX_ANSWERS = 1_000;

/**
 * Answers of reads on SQLite's reading connection, kept until the database may have changed.
 * The database changes only through (a) a statement this process runs on its writing connection,
 * each of which moves `writes` (inserts, updates, deletes, and the commit that makes them
 * visible), and (b) another connection's commit, which moves SQLite's data_version, read at
 * most once per COMMIT_CHECK_MS. Either drops every kept answer at once: what this process
 * wrote is read at once, what the admin CLI wrote within COMMIT_CHECK_MS.
 *
 * Under load the libsql call of a listing was a third of its event-loop time (~10 µs in the call,
 * 4-7 µs in a loop, and dearer socket writes as each answer slowed; docs/benchmarks.md, section h,
 * session 15): a listing that nothing has changed is answered without one. Never used for points (issue 12: points are read
 * from the database on every request).
 */
export class KeptAnswers {
  private readonly answers = new Map<string, readonly unknown[]>();
  private writesSeen = Number.NaN;
  private commitsSeen = Number.NaN;
  private nextCommitCheck = 0;

  constructor(
    private readonly writes: () => number,
    private readonly commitsElsewhere: () => number,
  ) {}

  /** The kept answer of `sql` with `parameters`, or `read()`'s, kept (frozen: callers share it). */
  get(sql: string, parameters: readonly unknown[], read: () => unknown[]): readonly unknown[] {
    this.dropIfChanged();
    const key = `${sql}\u0000${JSON.stringify(parameters)}`;
    let answer = this.answers.get(key);
    if (answer === undefined) {
      // Read synchronously: no write of this process can fall between the check above and here.
      answer = Object.freeze(read().map((row) => Object.freeze(row)));
      if (this.answers.size >= MAX_ANSWERS) this.answers.delete(this.answers.keys().next().value!);
      this.answers.set(key, answer);
    }
    return answer;
  }

  private dropIfChanged(): void {
    const writes = this.writes();
    let changed = writes !== this.writesSeen;
    const now = Date.now();
    if (now >= this.nextCommitCheck) {
      this.nextCommitCheck = now + COMMIT_CHECK_MS;
      const commits = this.commitsElsewhere();
      if (commits !== this.commitsSeen) {
        this.commitsSeen = commits;
        changed = true;
      }
    }
    if (changed) {
      this.answers.clear();
      this.writesSeen = writes;
    }
  }
}
