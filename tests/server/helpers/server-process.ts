import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt, root } from '../../../scripts/lib.mjs';
import { until } from './mqtt-broker.js';

/** The production build `npm start` runs (server/dist), built first when older than its sources. */
export async function builtServer(): Promise<string> {
  await ensureBuilt({ only: ['server'] });
  return path.join(root, 'server', 'dist', 'main.js');
}

/**
 * One API node as a real process (server/dist/main.js), for what only processes show: several
 * nodes on one database and one broker, and a node killed with SIGKILL. Its log lines (pino JSON)
 * are kept, so tests wait on what the node reports.
 */
export class ServerProcess {
  private child: ChildProcess | undefined;
  readonly lines: string[] = [];

  constructor(
    private readonly main: string,
    private readonly env: Record<string, string>,
  ) {}

  start(): void {
    // The test runner's own database and broker settings stay out of the node's environment.
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(DATABASE_|MQTT_|CHIRPSTACK_|TEST_)/.test(name)));
    const child = spawn(process.execPath, [this.main], { cwd: root, env: { ...inherited, ...this.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        const parts = (rest + chunk).split('\n');
        rest = parts.pop() ?? '';
        this.lines.push(...parts);
      });
    }
    this.child = child;
  }

  /** The process id while it runs (names the node in leases: dataplane/node-name.ts). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** How many log lines so far contain `text`. */
  count(text: string): number {
    return this.lines.filter((line) => line.includes(text)).length;
  }

  /** Waits until `times` log lines contain `text` (false on timeout or when the process ended). */
  logged(text: string, times = 1, timeoutMs = 60_000): Promise<boolean> {
    return until(() => this.count(text) >= times || this.child?.exitCode !== null, timeoutMs, 50).then(() => this.count(text) >= times);
  }

  /** The last log lines, for a failing expectation's message. */
  tail(lines = 20): string {
    return this.lines.slice(-lines).join('\n');
  }

  /** Ends the process with the signal and waits until it is gone. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
}
