/** A tiny external store (for useSyncExternalStore) with a 10 ms initialisation poll (spec §4). */
export const INIT_POLL_MS = 10;

export class Observable<S> {
  private listeners = new Set<() => void>();

  constructor(protected state: S) {}

  getState = (): S => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  protected setState(patch: Partial<S>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
}

/**
 * Resolves once `isReady()` holds, checking every 10 ms; rejects with the error `failure()`
 * reports, so a guard waiting on a load that failed can log and proceed instead of hanging.
 */
export function pollUntil(isReady: () => boolean, failure: () => Error | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (isReady()) return resolve();
      const error = failure();
      if (error) return reject(error);
      setTimeout(check, INIT_POLL_MS);
    };
    check();
  });
}
