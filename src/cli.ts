#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type Config, ROLES, type Role, loadConfig } from './config.js';
import { openMigrated } from './db/database.js';
import { whenReachable } from './startup-wait.js';
import { Store } from './db/store.js';
import { AccountService } from './domain/accounts/accounts.js';
import { PgCallerChanges } from './db/pg-caller-changes.js';
import { isAppError } from './errors.js';

/** Kept in step with CLIENT_COMMANDS of client-cli/index.ts, which is loaded only when used. */
const CLIENT_COMMANDS = ['say', 'voices', 'clone', 'login'];

/**
 * Admin commands need the database and the account service only; opening just those keeps the
 * command line quick (the speech stack and the voice catalog are never loaded).
 */
async function openAdmin(config: Readonly<Config>, options: { create?: boolean } = {}) {
  // An admin command run without the server's DATA_DIR/DATABASE_URL would quietly make a new
  // empty database in ./data, and the key it issued would then get 401 from the server.
  const file = config.databaseUrl.startsWith('sqlite:') ? config.databaseUrl.slice('sqlite:'.length) : null;
  if (!options.create && file && file !== ':memory:' && !existsSync(file)) {
    throw new Error(
      `no database at ${file}. Admin commands work on the server's own database: run them with the ` +
        "server's DATA_DIR (or DATABASE_URL), or run `voicelib migrate` to create a new one there.",
    );
  }
  const database = await whenReachable('The database', config.startupWaitMs, () => openMigrated(config.databaseUrl));
  // On PostgreSQL the running servers' caller caches hear of revocations and plan changes made here.
  const changes = database.dialect === 'postgres' ? new PgCallerChanges(config.databaseUrl, database.db) : undefined;
  const accounts = new AccountService(new Store(database.db), changes ? { changes } : {});
  return { database, accounts, close: () => database.close() };
}

const USAGE = `voicelib — self-hosted speech service

Usage:
  voicelib serve [--role api|worker|all]           start the service (same as npm start: --role all);
                                                   api and worker need DATABASE_URL=postgres://… and REDIS_URL
        [--wyoming PORT]                           also answer Home Assistant's Wyoming protocol on PORT,
                                                   charged to the key in WYOMING_API_KEY
  voicelib migrate                                 create or update the database schema
  voicelib models list [--json] [--verify]         downloadable voice data and what is installed
  voicelib models pull NAME [--allow-unverified]   download a pack (pinned SHA-256, resumable)
  voicelib models import PATH [--pack NAME]        install model files copied by hand (checked by SHA-256)
  voicelib admin account create --plan P [--points N] [--name S] [--clone-slots N] [--design-slots N]
  voicelib admin account list | show ACCOUNT_ID
  voicelib admin account set-plan ACCOUNT_ID PLAN
  voicelib admin account set-slots ACCOUNT_ID [--clone-slots N] [--design-slots N]
  voicelib admin account ledger ACCOUNT_ID [--limit N]
  voicelib admin key issue ACCOUNT_ID [--name S] | list ACCOUNT_ID | revoke KEY_ID
  voicelib admin points grant ACCOUNT_ID N [--reason S] | deduct ACCOUNT_ID N [--reason S]
  voicelib admin plan list | set NAME --api-access true|false [--clone-slots N] [--design-slots N] [--lifetime]
  voicelib admin workspace create --owner ACCOUNT_ID --name S
  voicelib admin workspace add-member WORKSPACE_ID ACCOUNT_ID [--role member|admin]

Client commands (talk to a running server over HTTP):
  voicelib say TEXT|- [--voice ID|NAME] [--model M] [--format F] [--out FILE] [--srt FILE]
  voicelib voices [QUERY] [--type preset|clone|designed] [--limit N] [--json]
  voicelib clone FILE --name NAME --language LANG [--json]
  voicelib login [--url URL] [--key KEY]           check and save the server and key (mode 0600)

Admin commands print JSON with --json (stable, for scripts), readable lines otherwise.
Admin commands open the server's database directly: give them the server's DATA_DIR or
DATABASE_URL. Client commands use VOICELIB_URL and VOICELIB_API_KEY, or what login saved.`;

const OPTIONS = {
  json: { type: 'boolean' },
  plan: { type: 'string' },
  points: { type: 'string' },
  name: { type: 'string' },
  reason: { type: 'string' },
  owner: { type: 'string' },
  role: { type: 'string' },
  wyoming: { type: 'string' },
  limit: { type: 'string' },
  'clone-slots': { type: 'string' },
  'design-slots': { type: 'string' },
  'api-access': { type: 'string' },
  lifetime: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

class UsageError extends Error {}

/**
 * Plain decimal digits only: Number() also reads "1e308", "Infinity", "0x10" and "-0", which
 * stored floats and Infinity (docs/reliability.md F7). Ranges are the account service's to check.
 */
function int(value: string | undefined, what: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^(0|-?[1-9][0-9]*)$/.test(value) || !Number.isSafeInteger(n)) throw new UsageError(`${what} must be a whole number`);
  return n;
}

function need(value: string | undefined, what: string): string {
  if (!value) throw new UsageError(`missing ${what}`);
  return value;
}

function print(result: unknown, json: boolean) {
  if (json) {
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return;
  }
  const lines = (value: unknown, indent: string): string[] => {
    if (Array.isArray(value)) return value.flatMap((v, i) => [`${indent}- [${i}]`, ...lines(v, `${indent}  `)]);
    if (value && typeof value === 'object') {
      return Object.entries(value).flatMap(([k, v]) =>
        v && typeof v === 'object' ? [`${indent}${k}:`, ...lines(v, `${indent}  `)] : [`${indent}${k}: ${String(v)}`],
      );
    }
    return [`${indent}${String(value)}`];
  };
  process.stdout.write(`${lines(result, '').join('\n')}\n`);
}

async function admin(args: string[], values: Record<string, string | boolean | undefined>): Promise<unknown> {
  const [area, action, a1, a2] = args;
  const v = values as Record<string, string | undefined>;
  const container = await openAdmin(loadConfig());
  const accounts = container.accounts;
  try {
    switch (`${area} ${action}`) {
      case 'account create':
        return await accounts.createAccount({
          plan: need(v['plan'], '--plan'),
          points: int(v['points'], '--points') ?? 0,
          name: v['name'] ?? null,
          cloneSlots: int(v['clone-slots'], '--clone-slots') ?? null,
          designSlots: int(v['design-slots'], '--design-slots') ?? null,
        });
      case 'account list':
        return { accounts: await accounts.listAccounts() };
      case 'account show':
        return await accounts.getAccount(need(a1, 'ACCOUNT_ID'));
      case 'account set-plan':
        return await accounts.plans.assign(need(a1, 'ACCOUNT_ID'), need(a2, 'PLAN'));
      case 'account set-slots':
        return await accounts.slots.set(
          need(a1, 'ACCOUNT_ID'),
          int(v['clone-slots'], '--clone-slots') ?? null,
          int(v['design-slots'], '--design-slots') ?? null,
        );
      case 'account ledger':
        return { entries: await accounts.listLedger(need(a1, 'ACCOUNT_ID'), int(v['limit'], '--limit')) };
      case 'key issue':
        return await accounts.keys.issue(need(a1, 'ACCOUNT_ID'), v['name'] ?? null);
      case 'key list':
        return { keys: await accounts.keys.list(need(a1, 'ACCOUNT_ID')) };
      case 'key revoke':
        return await accounts.keys.revoke(need(a1, 'KEY_ID'));
      case 'points grant':
      case 'points deduct': {
        const amount = int(need(a2, 'N'), 'N')!;
        if (amount <= 0) throw new UsageError('N must be positive');
        return await accounts.adjustPoints(need(a1, 'ACCOUNT_ID'), action === 'grant' ? amount : -amount, v['reason'] ?? null);
      }
      case 'plan list':
        return { plans: await accounts.plans.list() };
      case 'plan set': {
        const access = need(v['api-access'], '--api-access');
        if (access !== 'true' && access !== 'false') throw new UsageError('--api-access must be true or false');
        return await accounts.plans.define({
          name: need(a1, 'NAME'),
          apiAccess: access === 'true',
          cloneSlots: int(v['clone-slots'], '--clone-slots') ?? null,
          designSlots: int(v['design-slots'], '--design-slots') ?? null,
          slotsLifetime: Boolean(values['lifetime']),
        });
      }
      case 'workspace create':
        return await accounts.workspaces.create(need(v['owner'], '--owner'), need(v['name'], '--name'));
      case 'workspace add-member':
        return await accounts.workspaces.addMember(need(a1, 'WORKSPACE_ID'), need(a2, 'ACCOUNT_ID'), v['role'] ?? 'member');
      default:
        throw new UsageError(`unknown command: admin ${args.join(' ')}`);
    }
  } finally {
    await container.close();
  }
}

export async function main(argv: string[]): Promise<number> {
  if (argv[0] && CLIENT_COMMANDS.includes(argv[0])) {
    // Client commands talk HTTP to a running server; the database is the server's business.
    const { runClientCommand } = await import('./client-cli/index.js');
    return runClientCommand(argv);
  }
  if (argv[0] === 'models') {
    // The models command parses its own flags (--verify, --allow-unverified).
    const { runModelsCommand } = await import('./models/cli.js');
    const config = loadConfig();
    return runModelsCommand(argv.slice(1), { modelsDir: config.modelsDir, modelsSearchPath: config.modelsSearchPath });
  }
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  const json = Boolean(values.json);
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return command || values.help ? 0 : 2;
  }
  try {
    switch (command) {
      case 'serve': {
        const role = values.role ?? 'all';
        if (!(ROLES as readonly string[]).includes(role)) throw new UsageError(`--role must be api, worker or all (got "${role}")`);
        if (values.wyoming !== undefined) process.env['WYOMING_PORT'] = String(values.wyoming);
        const { serve } = await import('./main.js');
        await serve(role as Role);
        return -1; // keeps running
      }
      case 'migrate': {
        const container = await openAdmin(loadConfig(), { create: true });
        await container.close();
        print({ ok: true, database: container.database.dialect }, json);
        return 0;
      }
      case 'admin':
        print(await admin(rest, values), json);
        return 0;
      default:
        throw new UsageError(`unknown command: ${command}`);
    }
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`${err.message}\n\n${USAGE}\n`);
      return 2;
    }
    if (isAppError(err)) {
      if (json) process.stdout.write(`${JSON.stringify({ error: { code: err.code, message: err.message } })}\n`);
      else process.stderr.write(`error: ${err.message} (${err.code})\n`);
      return 1;
    }
    process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}

main(process.argv.slice(2)).then((code) => {
  if (code >= 0) process.exitCode = code;
});
