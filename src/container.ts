import type { Config } from './config.js';
import { type DatabaseHandle, openDatabase } from './db/database.js';
import { Store } from './db/store.js';
import { AccountService } from './domain/accounts.js';
import { PointsLedger } from './domain/points.js';
import { MemoryRateLimiter } from './ratelimit/memory-rate-limiter.js';
import type { RateLimiter } from './ratelimit/rate-limiter.js';

/** Everything the app and the CLI need, built once. The only place that names concrete adapters. */
export interface Container {
  config: Readonly<Config>;
  database: DatabaseHandle;
  store: Store;
  accounts: AccountService;
  ledger: PointsLedger;
  rateLimiter: RateLimiter;
  /** Closes everything in reverse order of creation. */
  close(): Promise<void>;
}

export async function buildContainer(config: Readonly<Config>): Promise<Container> {
  const database = await openDatabase(config.databaseUrl);
  await database.migrate();
  const store = new Store(database.db);
  const rateLimiter = new MemoryRateLimiter();
  return {
    config,
    database,
    store,
    accounts: new AccountService(store),
    ledger: new PointsLedger(store),
    rateLimiter,
    async close() {
      await rateLimiter.close();
      await database.close();
    },
  };
}
