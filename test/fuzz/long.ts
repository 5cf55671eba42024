import path from 'node:path';
import { ROOT } from '../helpers/process.js';
import { runFuzz } from './harness.js';

/**
 * `npm run fuzz`: the long Schemathesis run (the bounded one is test/fuzz/schemathesis.test.ts).
 * FUZZ_MAX_EXAMPLES (default 100 per operation and phase), FUZZ_MAX_TIME_S (default 1200),
 * FUZZ_SEED; TEST_DATABASE_URL runs it on PostgreSQL. Reports go to fuzz-report/.
 */
const reportDir = path.join(ROOT, 'fuzz-report');
const result = await runFuzz({
  maxExamples: Number(process.env['FUZZ_MAX_EXAMPLES'] ?? 100),
  maxTimeSeconds: Number(process.env['FUZZ_MAX_TIME_S'] ?? 1200),
  ...(process.env['FUZZ_SEED'] ? { seed: Number(process.env['FUZZ_SEED']) } : {}),
  reportDir,
  echo: true,
});
if (result.outcome === 'unreachable') {
  console.error('PyPI is unreachable: scripts/fuzz-venv.sh cannot install Schemathesis');
  process.exit(3);
}
console.log(`\n${result.requests} API calls; reports in ${reportDir}`);
process.exit(result.code ?? 1);
