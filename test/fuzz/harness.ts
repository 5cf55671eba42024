import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import { ROOT } from '../helpers/process.js';
import { type TestServer, startServer } from '../helpers/server.js';

const HOOKS = path.join(ROOT, 'test', 'fuzz', 'voicelib_hooks.py');

export interface FuzzOptions {
  /** Schemathesis `--max-examples`: test cases per operation and phase. */
  maxExamples: number;
  /** Schemathesis `--max-time`, in seconds, for the whole run. */
  maxTimeSeconds: number;
  seed?: number;
  /** Where the JSON report and the pytest file reproducing failures go. */
  reportDir: string;
  /** Print Schemathesis's output as it comes (the long run); the test only keeps it. */
  echo?: boolean;
  /** Only this operation path (Schemathesis `--include-path`). */
  includePath?: string;
  /**
   * Proof that the state check bites: the state endpoint then answers every snapshot taken after
   * a 4xx with one changed digest, as if the 4xx had written something.
   */
  pretendChange?: boolean;
}

export interface FuzzResult {
  /** 'unreachable' when PyPI could not be reached to build the venv (scripts/fuzz-venv.sh exit 3). */
  outcome: 'ran' | 'unreachable';
  code: number | null;
  output: string;
  /** Calls made to the API (every before_call took a state snapshot, see voicelib_hooks.py). */
  requests: number;
  /** 4xx answers whose state was compared with the state before them. */
  compared4xx: number;
}

function run(command: string, args: string[], env: Record<string, string>, echo = false, cwd = ROOT) {
  return new Promise<{ code: number | null; out: string }>((resolve, reject) => {
    // Async spawn: the server under test lives in this process and must keep answering.
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env } });
    let out = '';
    const take = (d: Buffer) => {
      out += d.toString();
      if (echo) process.stdout.write(d);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

const digest = (rows: unknown[]) => createHash('sha256').update(JSON.stringify(rows)).digest('hex').slice(0, 16);

/**
 * What a 4xx must leave as it was: every account's balance and slots used, the ledger, generations,
 * voices, design previews, reservations and API keys, each as a row count and a digest of the
 * columns that matter. Waits first (up to 60 s) until no generation is pending and no reservation
 * open, so background work of an earlier 2xx is not taken for a change.
 */
export async function stateSnapshot(server: TestServer): Promise<Record<string, { rows: number; digest: string }>> {
  const db = server.container.database.db;
  for (let waited = 0; waited < 60_000; waited += 50) {
    const busy = await db
      .selectFrom('generations')
      .select(sql<number>`count(*)`.as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    const open = await db
      .selectFrom('reservations')
      .select(sql<number>`count(*)`.as('n'))
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
    if (Number(busy.n) === 0 && Number(open.n) === 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const tables = {
    accounts: await db
      .selectFrom('accounts')
      .select(['id', 'plan', 'points', 'clones_created', 'designs_created', 'clone_slots_override', 'design_slots_override'])
      .orderBy('id')
      .execute(),
    ledger: await db.selectFrom('ledger').select(['id', 'amount', 'balance_after']).orderBy('id').execute(),
    generations: await db.selectFrom('generations').select(['id', 'status', 'points_used']).orderBy('id').execute(),
    voices: await db.selectFrom('voices').select(['id', 'name', 'type']).orderBy('id').execute(),
    design_previews: await db.selectFrom('design_previews').select(['id']).orderBy('id').execute(),
    reservations: await db.selectFrom('reservations').select(['id', 'status', 'amount']).orderBy('id').execute(),
    api_keys: await db.selectFrom('api_keys').select(['id', 'revoked_at']).orderBy('id').execute(),
  };
  return Object.fromEntries(Object.entries(tables).map(([name, rows]) => [name, { rows: rows.length, digest: digest(rows) }]));
}

/** The state endpoint the Python hooks call around every request: GET → the snapshot as JSON. */
export async function startStateServer(server: TestServer, pretendChange = false) {
  const counts = { before: 0, after: 0 };
  const state = http.createServer((req, res) => {
    const after = req.url === '/?after';
    counts[after ? 'after' : 'before'] += 1;
    stateSnapshot(server).then(
      (snapshot) => {
        if (after && pretendChange) snapshot['ledger'] = { rows: snapshot['ledger']!.rows + 1, digest: 'pretended' };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(snapshot));
      },
      (error: Error) => res.writeHead(500).end(error.message),
    );
  });
  await new Promise<void>((resolve) => state.listen(0, '127.0.0.1', resolve));
  const { port } = state.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    counts,
    close: () => new Promise<void>((resolve) => state.close(() => resolve())),
  };
}

/** The environment of the server under fuzzing: limits high enough that 429 does not hide the rest. */
export const FUZZ_SERVER_ENV = {
  RATE_LIMIT_PER_MINUTE: '1000000',
  RATE_LIMIT_VOICE_PER_HOUR: '1000000',
};

/**
 * Starts the real server (SQLite, or PostgreSQL under TEST_DATABASE_URL), gives a fuzz account
 * plenty of points, and runs Schemathesis against the served OpenAPI document with its key. The
 * admin routes take another credential (ADMIN_TOKEN), so with an API key they only ever answer 401
 * and are left out.
 */
export async function runFuzz(options: FuzzOptions): Promise<FuzzResult> {
  const venv = await run('bash', [path.join(ROOT, 'scripts', 'fuzz-venv.sh')], {});
  if (venv.code === 3) return { outcome: 'unreachable', code: 3, output: venv.out, requests: 0, compared4xx: 0 };
  if (venv.code !== 0) throw new Error(`scripts/fuzz-venv.sh failed:\n${venv.out}`);
  const python = venv.out.trim().split('\n').at(-1)!;
  const schemathesis = path.join(path.dirname(python), 'schemathesis');

  const server = await startServer(FUZZ_SERVER_ENV);
  const state = await startStateServer(server, options.pretendChange);
  try {
    // Paid endpoints spend points on every 2xx; a balance that runs out would turn the rest into 402s.
    const account = await server.createAccount('pro', 100_000_000);
    fs.mkdirSync(options.reportDir, { recursive: true });
    const args = [
      '--config-file',
      path.join(ROOT, 'test', 'fuzz', 'schemathesis.toml'),
      'run',
      `${server.url}/api/v1/openapi.json`,
      '--header',
      `Authorization: Bearer ${account.api_key}`,
      '--exclude-path-regex',
      '^/admin/',
      '--checks',
      'all',
      // "Schema-valid request rejected": the schema cannot say which voices, languages and model
      // names exist or which bytes are audio, so a valid-looking `voice: "0"` is rightly 422.
      '--exclude-checks',
      'positive_data_acceptance',
      '--phases',
      'examples,coverage,fuzzing',
      '--workers',
      '1',
      '--max-examples',
      String(options.maxExamples),
      '--max-time',
      String(options.maxTimeSeconds),
      '--request-timeout',
      '120',
      '--generation-database',
      'none',
      '--suppress-health-check',
      'all',
      '--no-color',
      '--report',
      'junit,pytest',
      '--report-dir',
      options.reportDir,
      ...(options.seed === undefined ? [] : ['--seed', String(options.seed)]),
      ...(options.includePath === undefined ? [] : ['--include-path', options.includePath]),
      // The pretended change only needs to be seen once.
      ...(options.pretendChange ? ['--max-failures', '1'] : []),
    ];
    const result = await run(schemathesis, args, { SCHEMATHESIS_HOOKS: 'voicelib_hooks', VOICELIB_FUZZ_STATE_URL: state.url, PYTHONPATH: path.dirname(HOOKS), PYTHONDONTWRITEBYTECODE: '1' }, options.echo,
      // Schemathesis keeps the crashes it found in ./.schemathesis and replays them first next time:
      // inside the report folder, a test run starts clean and the long runs keep their history.
      options.reportDir);
    return { outcome: 'ran', code: result.code, output: result.out, requests: state.counts.before, compared4xx: state.counts.after };
  } finally {
    await state.close();
    await server.close();
  }
}
