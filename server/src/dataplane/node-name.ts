import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/**
 * Names this process in claims and leases held in the shared database. Unique per process, so a
 * restarted node never mistakes a claim its previous run left behind for its own.
 */
export const processNodeName = (): string => `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
