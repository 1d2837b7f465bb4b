/**
 * Tells this node's broker at once that certificates were revoked on this node (a certificate
 * re-issued, a gateway deleted), so their live connections are dropped now. Brokers of other
 * nodes learn of it from the database at their next check (certificate-watch.ts).
 */
export class CertificateRevocations {
  private readonly listeners = new Set<() => void>();

  /** Call once the revocation is committed: the broker's check must find it in the database. */
  announce(): void {
    for (const listener of this.listeners) listener();
  }

  /** Answers the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
