// Shared helpers of the root scripts. Plain Node, no dependencies: they run before `npm install`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/** Environment every child gets: no telemetry, no browser downloads (the machine is offline). */
export const quietEnv = {
  ...process.env,
  GATSBY_TELEMETRY_DISABLED: '1',
  GATSBY_FEEDBACK_DISABLED: '1',
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  NEXT_TELEMETRY_DISABLED: '1',
};

export function log(message) {
  console.log(`\x1b[36m[lora]\x1b[0m ${message}`);
}

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: quietEnv, ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export async function mustRun(command, args, options) {
  const code = await run(command, args, options);
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} failed with exit code ${code}`);
}

const exists = (file) => fs.existsSync(path.join(root, file));

/** Installs dependencies when node_modules is missing or older than the lock file. */
export async function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const fresh = fs.existsSync(marker) && (!fs.existsSync(lock) || fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs);
  if (fresh) return;
  log('installing dependencies (first run takes a few minutes: better-sqlite3 compiles from source)');
  await mustRun('npm', [exists('node_modules') || !fs.existsSync(lock) ? 'install' : 'ci', '--no-audit', '--no-fund']);
}

function newestMtime(entries) {
  let newest = 0;
  const visit = (full) => {
    if (!fs.existsSync(full)) return;
    const stat = fs.statSync(full);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(full)) {
        if (name === 'node_modules' || name === '.cache' || name === 'public' || name === 'dist') continue;
        visit(path.join(full, name));
      }
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const entry of entries) visit(path.join(root, entry));
  return newest;
}

/**
 * The three builds, each with the sources it depends on and the stamp it leaves when done. The
 * marketing site reads only its own message files, so a console text change does not rebuild it.
 */
export const builds = [
  {
    name: 'server',
    sources: ['server/src', 'server/package.json', 'server/tsconfig.json', 'server/tsconfig.build.json', 'tsconfig.base.json'],
    stamp: 'server/dist/.build-stamp',
    command: ['npx', ['tsc', '-p', 'server/tsconfig.build.json']],
  },
  {
    name: 'console',
    sources: ['admin', 'locales', 'vite.config.ts', 'vite.prerender.ts', 'package.json'],
    stamp: 'dist/admin/.build-stamp',
    command: ['npx', ['vite', 'build', '--logLevel', 'warn']],
  },
  {
    name: 'marketing',
    sources: [
      'marketing/src',
      'marketing/static',
      'marketing/gatsby-config.ts',
      'marketing/gatsby-node.ts',
      'marketing/gatsby-ssr.tsx',
      'marketing/gatsby-browser.tsx',
      'marketing/package.json',
      'locales/en/marketing.ts',
      'locales/de/marketing.ts',
    ],
    stamp: 'marketing/public/.build-stamp',
    command: ['npm', ['run', 'build', '--workspace', 'marketing']],
  },
];

/** Builds what is missing or older than its sources (or everything with force); `only` names the builds wanted (e.g. ['server']). */
export async function ensureBuilt({ force = false, only } = {}) {
  for (const build of builds.filter((candidate) => !only || only.includes(candidate.name))) {
    const stamp = path.join(root, build.stamp);
    const upToDate = fs.existsSync(stamp) && fs.statSync(stamp).mtimeMs >= newestMtime(build.sources);
    if (upToDate && !force) continue;
    log(`building ${build.name}`);
    await mustRun(...build.command);
    fs.mkdirSync(path.dirname(stamp), { recursive: true });
    fs.writeFileSync(stamp, new Date().toISOString());
  }
}
