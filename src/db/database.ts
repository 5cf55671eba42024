import fs from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Transaction } from 'kysely';
import type { Database as Tables } from './schema.js';
import { KeptAnswers } from './kept-answers.js';
import { CodeMigrationProvider } from './migrations.js';
import { SyncedSqliteDialect, WalSync } from './wal-sync.js';

export type Db = Kysely<Tables>;

export interface DatabaseHandle {
  db: Db;
  dialect: 'sqlite' | 'postgres';
  /** Runs pending migrations; safe to call from several processes (each migration runs once). */
  migrate(): Promise<void>;
  /** Cheap round trip used by /readyz. */
  ping(): Promise<void>;
  /**
   * Takes this process's lease as `holder` of reservations, held until the process ends. On
   * PostgreSQL: a session advisory lock on a connection of its own, which the server releases the
   * moment that connection drops, so a kill -9 ends it at once and a live process never loses it
   * to a slow heartbeat. On SQLite nothing: one process per database file.
   */
  holdLease(holder: string): Promise<void>;
  /**
   * SQLite: a number that changes whenever another connection (the admin CLI) commits to the file,
   * read synchronously in microseconds (PRAGMA data_version). PostgreSQL: null (changes are
   * announced with NOTIFY instead).
   */
  commitsElsewhere: (() => number) | null;
  /**
   * SQLite: the reads of hot paths (ping's balance, the voice listing's own voices) on a connection of
   * their own, synchronously, past Kysely's one-query-at-a-time connection queue (and so past
   * any transaction open on the main connection: they see every committed write and nothing
   * uncommitted). Statements are prepared once per SQL text. PostgreSQL and `:memory:`: null.
   */
  rowReader: RowReader | null;
  /** Whether `holder`'s lease is held (its process runs). SQLite: always false, see holdLease. */
  leaseHeld(holder: string): Promise<boolean>;
  /**
   * Called first in a transaction (`Store.transaction`'s `waitForDisk: false`): lets its commit
   * resolve without waiting for the disk. Both databases write their logs in order, and syncing
   * the log syncs all before it, so such a commit is durable once any later commit that waits is:
   * for commits no one is answered on before such a later one (a reservation, before its
   * settlement or refund). PostgreSQL: `SET LOCAL synchronous_commit = off`; a SQLite file: the
   * driver starts the WAL sync without waiting for it; `:memory:`: nothing to wait for.
   */
  commitWithoutWaiting(trx: Transaction<Tables>): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens the database named by `url`: `sqlite:<file>` (embedded default) or `postgres://…`.
 * SQLite runs through libsql, a maintained SQLite fork with a better-sqlite3-compatible API whose
 * native binaries ship inside npm packages (better-sqlite3 compiles from source for ~5 minutes
 * when its GitHub-hosted prebuilds are unreachable).
 */
export async function openDatabase(url: string): Promise<DatabaseHandle> {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  return openPostgres(url);
}

/** The database with its schema brought up to date; closed again when that fails (unreachable). */
export async function openMigrated(url: string): Promise<DatabaseHandle> {
  const database = await openDatabase(url);
  try {
    await database.migrate();
    return database;
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}

async function openSqlite(file: string): Promise<DatabaseHandle> {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const { default: Sqlite } = await import('libsql');
  const database = new Sqlite(file);
  // WAL lets the admin CLI and the server use one file at once; busy_timeout waits for the
  // other writer instead of failing with SQLITE_BUSY.
  database.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;');
  // Statements run on this connection that may change the database (what kept answers watch).
  let writes = 0;
  // Whether the connection's holder wrote since it took it (its commit then waits for the WAL sync).
  let unsynced = false;
  const onWrite = () => {
    writes++;
    unsynced = true;
  };
  const config = { database: reusingStatements(database as never, onWrite) as unknown as SqliteDatabase };
  // A file's commits are synced off the event loop (wal-sync.ts); `:memory:` has nothing to sync.
  const wal = file === ':memory:' ? null : new WalSync(`${file}-wal`);
  if (wal) database.exec('PRAGMA synchronous = NORMAL;');
  const wrote = () => {
    const was = unsynced;
    unsynced = false;
    return was;
  };
  // Set by the connection's holder (a transaction) whose commit need not wait for its sync.
  let noWait = false;
  const waits = () => {
    const was = !noWait;
    noWait = false;
    return was;
  };
  const db = new Kysely<Tables>({
    dialect: wal ? new SyncedSqliteDialect(config, { wrote, waits, sync: () => wal.sync() }) : new SqliteDialect(config),
  });
  const dataVersion = database.prepare('PRAGMA data_version').raw(true);
  const commitsElsewhere = () => (dataVersion.get() as number[])[0]!;
  // A second connection to `:memory:` would be another, empty database.
  const reader =
    file === ':memory:' ? null : sqliteRowReader(Sqlite as never, file, new KeptAnswers(() => writes, commitsElsewhere));
  const base = handle(db, 'sqlite');
  return {
    ...base,
    commitsElsewhere,
    rowReader: reader?.read ?? null,
    async commitWithoutWaiting() {
      noWait = true;
    },
    async close() {
      reader?.close();
      await base.close();
    },
  };
}

/**
 * Reads by SQL text (prepared once): `one` gives the first row or undefined, `all` every row,
 * `allKept` every row as `all` would now, from an answer kept until the database may have changed
 * (`KeptAnswers`; never for points).
 */
export interface RowReader {
  one(sql: string, parameters: readonly unknown[]): unknown;
  all(sql: string, parameters: readonly unknown[]): unknown[];
  allKept(sql: string, parameters: readonly unknown[]): readonly unknown[];
}

/**
 * The reading connection of `rowReader`, which only ever reads (query_only). Through Kysely a
 * one-row read cost about twice the libsql call itself (query building, the connection mutex,
 * promises, `all` instead of `get`): the largest cost of an authenticated ping.
 */
function sqliteRowReader(
  Sqlite: new (file: string) => LibsqlDatabase,
  file: string,
  kept: KeptAnswers,
): { read: RowReader; close(): void } {
  const connection = new Sqlite(file);
  connection.exec('PRAGMA busy_timeout = 5000; PRAGMA query_only = ON;');
  const statement = statementCache((sql) => connection.prepare(sql));
  return {
    read: {
      one: (sql, parameters) => statement(sql).get(parameters),
      all: (sql, parameters) => statement(sql).all(parameters),
      allKept: (sql, parameters) => kept.get(sql, parameters, () => statement(sql).all(parameters)),
    },
    close: () => connection.close(),
  };
}

interface LibsqlStatement {
  get(parameters: readonly unknown[]): unknown;
  all(parameters: readonly unknown[]): unknown[];
}

interface LibsqlDatabase {
  exec(sql: string): void;
  prepare(sql: string): LibsqlStatement;
  close(): void;
}

type SqliteDatabase = ConstructorParameters<typeof SqliteDialect>[0]['database'];
/** Prepared statements kept per SQL text; query shapes are few, `in (…)` lists make more (FIFO). */
const MAX_STATEMENTS = 256;

/** `prepare` remembered by SQL text, at most MAX_STATEMENTS of them (the oldest go first). */
function statementCache<S>(prepare: (sql: string) => S): (sql: string) => S {
  const statements = new Map<string, S>();
  return (sql) => {
    let statement = statements.get(sql);
    if (statement === undefined) {
      statement = prepare(sql);
      if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value!);
      statements.set(sql, statement);
    }
    return statement;
  };
}

/**
 * Kysely prepares every query anew, and preparing was the largest single cost of a cached-auth
 * request (7 % of CPU under load, bench/sections/http-hot-path.ts). Statements are reused by SQL
 * text: Kysely runs one query at a time per connection (its mutex), so no statement is ever
 * executing twice at once, and each run rebinds every parameter. Every run of a statement that
 * may write calls `onWrite` first (kept answers are dropped).
 */
function reusingStatements(database: { prepare(sql: string): SqliteStatement; close(): void }, onWrite: () => void) {
  const statement = statementCache((sql): SqliteStatement => {
    const prepared = database.prepare(sql);
    // libsql answers `reader` with a native call each time (1.5 % of a ping's CPU): asked once.
    const reader = prepared.reader;
    // Anything but a plain select may change the database (`insert … returning` is a reader too).
    const before = reader && /^\s*select\b/i.test(sql) ? () => undefined : onWrite;
    return {
      reader,
      all: (parameters) => (before(), prepared.all(parameters)),
      run: (parameters) => (before(), prepared.run(parameters)),
      iterate: (parameters) => (before(), prepared.iterate(parameters)),
    };
  });
  return { prepare: statement, close: () => database.close() };
}

/** What Kysely's SQLite driver uses of a statement (libsql's is better-sqlite3's shape). */
interface SqliteStatement {
  readonly reader: boolean;
  all(parameters: readonly unknown[]): unknown[];
  run(parameters: readonly unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate(parameters: readonly unknown[]): IterableIterator<unknown>;
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pg = await import('pg');
  // bigint columns (points) come back as strings by default; balances stay far below 2^53.
  pg.default.types.setTypeParser(20, (value: string) => Number.parseInt(value, 10));
  const pool = new pg.default.Pool({ connectionString: url, max: 10 });
  // An idle connection the server ends (a restart, a failover, pg_terminate_backend) is an 'error'
  // event on the pool, which drops that client by itself; unheard, the event would end the process.
  // The next query opens a new connection, and a query that was running fails on its own.
  pool.on('error', () => undefined);
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  let leaseClient: InstanceType<typeof pg.default.Client> | null = null;
  let closed = false;
  const lease = async (holder: string): Promise<void> => {
    const client = new pg.default.Client({ connectionString: url });
    // A lost connection loses the lease (other processes may then refund this one's open work,
    // whose settle then fails cleanly); take it again on a new connection.
    client.on('error', () => {
      if (closed || leaseClient !== client) return;
      leaseClient = null;
      setTimeout(() => void lease(holder).catch(() => undefined), 1000).unref();
    });
    await client.connect();
    await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [holder]);
    leaseClient = client;
  };
  return {
    ...handle(db, 'postgres'),
    holdLease: lease,
    async leaseHeld(holder) {
      // A transaction-scoped try-lock: obtainable only when no session holds the lease; released
      // again when this transaction ends.
      return db.transaction().execute(async (tx) => {
        const { rows } = await sql<{ free: boolean }>`select pg_try_advisory_xact_lock(hashtextextended(${holder}, 0)) as free`.execute(tx);
        return !rows[0]!.free;
      });
    },
    async close() {
      closed = true;
      await leaseClient?.end().catch(() => undefined);
      await db.destroy();
    },
  };
}

function handle(db: Db, dialect: 'sqlite' | 'postgres'): DatabaseHandle {
  return {
    db,
    dialect,
    commitsElsewhere: null,
    rowReader: null,
    async holdLease() {},
    async leaseHeld() {
      return false;
    },
    async migrate() {
      const migrator = new Migrator({ db, provider: new CodeMigrationProvider() });
      const { error, results } = await migrator.migrateToLatest();
      const failed = results?.find((r) => r.status === 'Error');
      if (error || failed) {
        const reason = error instanceof Error ? error.message || (error as NodeJS.ErrnoException).code : undefined;
        const which = failed ? `migration ${failed.migrationName}` : 'migration';
        throw new Error(`database ${which} failed${reason ? `: ${reason}` : ''}`, { cause: error });
      }
    },
    async ping() {
      await sql`select 1`.execute(db);
    },
    async commitWithoutWaiting(trx) {
      // This transaction only; its commit returns before its WAL flush.
      if (dialect === 'postgres') await sql`set local synchronous_commit = off`.execute(trx);
    },
    async close() {
      await db.destroy();
    },
  };
}
