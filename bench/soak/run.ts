import { parseArgs } from 'node:util';
import { load } from '../common.js';
import { type Deployment, cluster, singleProcess } from './processes.js';
import { type SoakResult, soak } from './soak.js';

/**
 * `npm run soak`: 16 clients × 10 minutes over 8 keys against one process, then against a
 * cluster (2 API + 2 workers on PostgreSQL, Redis and RGW). `--seconds N` shortens it,
 * `--only single|cluster` runs one. Exits 1 on any finding: an error other than 429/503 with
 * Retry-After, or a broken ledger invariant. RSS and fds are printed for judging flatness.
 */
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '600' },
    clients: { type: 'string', default: '16' },
    keys: { type: 'string', default: '8' },
    only: { type: 'string' },
  },
});
const options = { seconds: Number(values.seconds), clients: Number(values.clients), keys: Number(values.keys) };

function print(result: SoakResult): void {
  console.log(`\n## ${result.deployment}`);
  console.log(`requests ${result.requests}; by status ${JSON.stringify(result.byStatus)}; load ${load()}`);
  console.log('| process | RSS first quarter → last quarter (MB) | open fds first → last |');
  console.log('|---|---|---|');
  for (const p of result.processes) {
    console.log(`| ${p.role} | ${p.rssStartMb.toFixed(0)} → ${p.rssEndMb.toFixed(0)} | ${p.fdsStart} → ${p.fdsEnd} |`);
  }
  console.log(`unexpected responses: ${result.unexpected.length === 0 ? 'none' : `\n  ${result.unexpected.join('\n  ')}`}`);
  console.log(`ledger: ${result.ledgerProblems.length === 0 ? 'balance = Σ ledger = start − Σ records, no open reservation' : result.ledgerProblems.join('; ')}`);
}

let failed = false;
const runs: Array<[string, () => Promise<Deployment>]> = [
  ['single', singleProcess],
  ['cluster', cluster],
];
console.log(`soak: ${options.clients} clients × ${options.seconds} s over ${options.keys} keys`);
for (const [name, start] of runs) {
  if (values.only && values.only !== name) continue;
  const deployment = await start();
  try {
    const result = await soak(deployment, options);
    print(result);
    if (result.unexpected.length > 0 || result.ledgerProblems.length > 0) failed = true;
  } finally {
    await deployment.stop();
  }
}
process.exit(failed ? 1 : 0);
