// `npm test`: every suite in order (types, lint, unit, server on SQLite and PostgreSQL, e2e),
// then one summary line of all test counts. Exits non-zero if any suite failed.
import fs from 'node:fs';
import path from 'node:path';
import { ensureInstalled, log, root, run } from './lib.mjs';

await ensureInstalled();
fs.rmSync(path.join(root, 'test-results'), { recursive: true, force: true });
fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });

const suites = [
  ['types', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  ['unit', 'npx', ['vitest', 'run', '--project', 'unit', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/unit.json']],
  ['server', 'node', ['scripts/test-server.mjs']],
  ['e2e', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/e2e.json' }],
];

const failedSuites = [];
for (const [name, command, args, env] of suites) {
  log(`suite: ${name}`);
  const code = await run(command, args, { env: { ...process.env, ...env } });
  if (code !== 0) failedSuites.push(name);
}

/** Adds up the test counts the vitest and Playwright JSON reports recorded. */
function counts() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const file of fs.readdirSync(path.join(root, 'test-results')).filter((f) => f.endsWith('.json'))) {
    const report = JSON.parse(fs.readFileSync(path.join(root, 'test-results', file), 'utf8'));
    if (report.stats && 'expected' in report.stats) {
      passed += report.stats.expected + (report.stats.flaky ?? 0);
      failed += report.stats.unexpected;
      skipped += report.stats.skipped;
    } else {
      passed += report.numPassedTests ?? 0;
      failed += report.numFailedTests ?? 0;
      skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    }
  }
  return { passed, failed, skipped };
}

const { passed, failed, skipped } = counts();
if (failedSuites.length > 0) log(`failed suites: ${failedSuites.join(', ')}`);
console.log(`tests: ${passed} passed, ${failed + failedSuites.filter((s) => s === 'types' || s === 'lint').length} failed, ${skipped} skipped`);
process.exit(failedSuites.length > 0 ? 1 : 0);
