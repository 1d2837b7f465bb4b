// Ports the operating system reports free, asked for synchronously so a configuration file
// (Playwright's) can pick them before it returns. A fixed port fails the run when anything
// else on the machine holds it.
import { execFileSync } from 'node:child_process';

const PROBE = "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export function freePortSync() {
  return Number(execFileSync(process.execPath, ['-e', PROBE], { encoding: 'utf8' }));
}

/**
 * Sets each named environment variable to a free port unless it is set already, so the
 * runner picks the ports once and the processes it starts inherit them.
 */
export function reservePorts(...names) {
  for (const name of names) process.env[name] ??= String(freePortSync());
}
