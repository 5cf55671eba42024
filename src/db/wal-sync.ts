import fsp from 'node:fs/promises';
import { type Driver, SqliteDialect, type SqliteDialectConfig } from 'kysely';

/**
 * SQLite commits made durable off the event loop.
 *
 * libsql is synchronous: under `synchronous` FULL each commit fsyncs the write-ahead log on the
 * calling thread, the event loop. That took ~0.5 ms, but on this machine's ext4 now and then
 * 30-400 ms (the journal commit waits for audio files written just before), and the whole
 * service stood still meanwhile. So the connection commits under `synchronous` NORMAL (the WAL is
 * written but not synced; SQLite still syncs it before each checkpoint, so the file stays
 * consistent), and the driver below syncs the WAL in libuv's thread pool before the query or
 * transaction that wrote returns to its caller. Nothing acts on a commit before it is on disk,
 * as under FULL, while other requests go on.
 */
export class WalSync {
  private running: Promise<void> | null = null;
  private next: Promise<void> | null = null;
  private count = 0;

  /** `file`: the database's write-ahead log (`<database>-wal`). */
  constructor(private readonly file: string) {}

  /** WAL syncs run so far (diagnostics and tests). */
  get syncs(): number {
    return this.count;
  }

  /**
   * Resolves once everything written to the WAL before this call is on disk. Calls that come
   * while a sync runs share the one that starts after it (group commit): a sync already under
   * way may have started before their commit.
   */
  sync(): Promise<void> {
    if (this.running === null) {
      this.running = this.run().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    this.next ??= this.running.then(
      () => this.startNext(),
      () => this.startNext(),
    );
    return this.next;
  }

  private startNext(): Promise<void> {
    this.next = null;
    return this.sync();
  }

  private async run(): Promise<void> {
    this.count += 1;
    let handle: fsp.FileHandle;
    try {
      // Read-write: Windows flushes only handles that may write.
      handle = await fsp.open(this.file, 'r+');
    } catch (err) {
      // No WAL: SQLite removed it after checkpointing everything into the database file.
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }
}

/**
 * Kysely's SQLite dialect whose driver syncs the WAL (`sync`) after releasing a connection that
 * wrote (`wrote` says so, and forgets it): a query outside a transaction, or a whole transaction,
 * resolves only once its commit is on disk, and the connection is already free for the next one.
 * A holder for which `waits` answers false (asked once per release, and forgetting it too) starts
 * the sync and resolves at once: a later commit that waits covers it, as the WAL is written in order.
 */
export class SyncedSqliteDialect extends SqliteDialect {
  constructor(
    config: SqliteDialectConfig,
    private readonly synced: { wrote(): boolean; sync(): Promise<void>; waits?(): boolean },
  ) {
    super(config);
  }

  override createDriver(): Driver {
    // Kysely's own SQLite driver, with only the release changed: everything else it does
    // (transactions, savepoints) stays its own.
    const driver = super.createDriver();
    const release = driver.releaseConnection.bind(driver);
    driver.releaseConnection = async (connection) => {
      // Asked before the connection is free: after it, the next holder's writes would count too.
      const wrote = this.synced.wrote();
      const waits = this.synced.waits?.() ?? true;
      await release(connection);
      if (!wrote) return;
      if (waits) await this.synced.sync();
      // A failed sync shows at the next commit that waits for one.
      else this.synced.sync().catch(() => undefined);
    };
    return driver;
  }
}
