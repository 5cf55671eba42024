import { openDatabase } from '../../src/db/database.js';
import { presetFor } from '../../test/helpers/voices.js';
import { ADMIN, type Deployment, sample } from './processes.js';

/**
 * The soak: `clients` concurrent clients over `keys` API keys for `seconds`, each looping over a
 * mix a real integration sends (short and medium speech, a stream, the voice list, the record
 * and its audio, ping). Errors allowed: 429 and 503, each with Retry-After (the client then waits
 * as told, capped). Anything else is a finding. At the end the ledger invariant is checked in the
 * database: for every account, balance = sum of ledger rows = start − charges of its records,
 * and no reservation is left open.
 */
export interface SoakOptions {
  seconds: number;
  clients: number;
  keys: number;
}

export interface SoakResult {
  deployment: string;
  requests: number;
  byStatus: Record<string, number>;
  /** Responses that are neither 2xx nor 429/503 with Retry-After (at most 20 kept). */
  unexpected: string[];
  ledgerProblems: string[];
  /** Per process: RSS and fds in the first and last quarter of the run (medians). */
  processes: Array<{ role: string; rssStartMb: number; rssEndMb: number; fdsStart: number; fdsEnd: number }>;
}

const INITIAL = 10_000_000;
const VOICE = presetFor('en-US').id;
const SHORT = 'The soak test keeps talking, one short line after another.';
const MEDIUM = 'A longer passage makes the queue hold real work for a while. '.repeat(5).trim();

interface Key {
  accountId: string;
  apiKey: string;
}

async function createKeys(api: string, n: number): Promise<Key[]> {
  const keys: Key[] = [];
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${api}/admin/v1/accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ plan: 'pro', points: INITIAL }),
    });
    if (res.status !== 201) throw new Error(`account: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { account_id: string; api_key: string };
    keys.push({ accountId: body.account_id, apiKey: body.api_key });
  }
  return keys;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

export async function soak(deployment: Deployment, options: SoakOptions): Promise<SoakResult> {
  const keys = await createKeys(deployment.apis[0]!, options.keys);
  const byStatus: Record<string, number> = {};
  const unexpected: string[] = [];
  let requests = 0;
  const end = Date.now() + options.seconds * 1000;

  const call = async (api: string, key: Key, method: string, route: string, body?: unknown): Promise<Buffer | null> => {
    const res = await fetch(`${api}${route}`, {
      method,
      headers: { authorization: `Bearer ${key.apiKey}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const bytes = await res.arrayBuffer(); // read whole: a stream's audio too
    requests += 1;
    byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
    if (res.ok) return Buffer.from(bytes);
    const retryAfter = res.headers.get('retry-after');
    if ((res.status === 429 || res.status === 503) && retryAfter !== null) {
      // As a well-behaved client: wait as told, capped so the soak keeps its pressure.
      await new Promise((r) => setTimeout(r, Math.min(Number(retryAfter), 2) * 1000));
      return null;
    }
    if (unexpected.length < 20) unexpected.push(`${method} ${route} → ${res.status} ${Buffer.from(bytes).toString('utf8').slice(0, 160)}`);
    return null;
  };

  const client = async (index: number) => {
    const key = keys[index % keys.length]!;
    const api = deployment.apis[index % deployment.apis.length]!;
    for (let round = 0; Date.now() < end; round++) {
      await call(api, key, 'GET', '/api/v1/ping');
      await call(api, key, 'GET', '/api/v1/voices?limit=50');
      const text = round % 3 === 2 ? MEDIUM : SHORT;
      const route = round % 4 === 3 ? '/api/v1/tts/stream' : '/api/v1/tts';
      const made = await call(api, key, 'POST', route, { text, voice: VOICE, model: 'v-lite', format: 'MP3' });
      const id = made && route === '/api/v1/tts' ? (JSON.parse(made.toString('utf8')) as { id?: string }).id : null;
      if (id) {
        await call(api, key, 'GET', `/api/v1/tts/${id}`);
        if (round % 5 === 0) await call(api, key, 'GET', '/api/v1/tts?limit=10');
      }
    }
  };

  // RSS and fds of every process, every 2 s, so flatness is judged on the run's two ends.
  const samples = deployment.processes.map(() => [] as Array<{ rssMb: number; fds: number }>);
  const sampler = setInterval(() => {
    deployment.processes.forEach((p, i) => {
      const s = p.child.pid ? sample(p.child.pid) : null;
      if (s) samples[i]!.push(s);
    });
  }, 2000);
  await Promise.all(Array.from({ length: options.clients }, (_, i) => client(i)));
  clearInterval(sampler);

  return {
    deployment: deployment.name,
    requests,
    byStatus,
    unexpected,
    ledgerProblems: await checkLedger(deployment.databaseUrl, keys),
    processes: deployment.processes.map((p, i) => {
      const s = samples[i]!;
      const q = Math.max(1, Math.floor(s.length / 4));
      const first = s.slice(0, q);
      const last = s.slice(-q);
      return {
        role: p.role,
        rssStartMb: median(first.map((x) => x.rssMb)),
        rssEndMb: median(last.map((x) => x.rssMb)),
        fdsStart: median(first.map((x) => x.fds)),
        fdsEnd: median(last.map((x) => x.fds)),
      };
    }),
  };
}

/** balance = Σ ledger = start − Σ points_used of the account's records; no reservation left open. */
async function checkLedger(databaseUrl: string, keys: Key[]): Promise<string[]> {
  // Uploads and stream records settle just after their answer: give them a moment.
  await new Promise((r) => setTimeout(r, 1500));
  const handle = await openDatabase(databaseUrl);
  const db = handle.db;
  const problems: string[] = [];
  try {
    for (const { accountId } of keys) {
      const account = await db.selectFrom('accounts').select('points').where('id', '=', accountId).executeTakeFirstOrThrow();
      const ledger = await db
        .selectFrom('ledger')
        .select((eb) => eb.fn.sum<number>('amount').as('total'))
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow();
      const charged = await db
        .selectFrom('generations')
        .select((eb) => eb.fn.sum<number>('points_used').as('total'))
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow();
      const balance = Number(account.points);
      if (Number(ledger.total) !== balance) problems.push(`${accountId}: ledger ${ledger.total} ≠ balance ${balance}`);
      if (balance !== INITIAL - Number(charged.total ?? 0)) {
        problems.push(`${accountId}: balance ${balance} ≠ ${INITIAL} − records' charges ${charged.total}`);
      }
    }
    const open = await db.selectFrom('reservations').select('id').where('status', '=', 'open').execute();
    if (open.length > 0) problems.push(`${open.length} reservations still open`);
  } finally {
    await handle.close();
  }
  return problems;
}
