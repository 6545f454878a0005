// The sandbox's access tokens: POST /oauth/token issues one, valid for its time to live. At most `limit` are kept:
// past it the expired ones go first, then the oldest (their holders get a 401 and ask for a new one).
import { randomBytes } from 'crypto';
import type * as http from 'http';
import { unauthorized } from './errors';

export class Tokens {
  /** Live tokens and when each expires (ms). */
  private readonly live = new Map<string, number>();
  /** Every token issued so far, up to the limit (tests check none leaks into logs). */
  readonly issued: string[] = [];

  constructor(
    private readonly ttlSeconds: number,
    private readonly limit: number,
    private readonly now: () => number,
  ) {}

  issue(): string {
    const token = randomBytes(24).toString('hex');
    if (this.live.size >= this.limit) {
      for (const [t, expires] of this.live) if (expires < this.now()) this.live.delete(t);
      while (this.live.size >= this.limit) this.live.delete(this.live.keys().next().value!);
    }
    this.live.set(token, this.now() + this.ttlSeconds * 1000);
    this.issued.push(token);
    if (this.issued.length > this.limit) this.issued.shift();
    return token;
  }

  /** A 401 unless the request carries a live token. */
  check(req: http.IncomingMessage): void {
    const m = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '');
    const expires = m ? this.live.get(m[1]) : undefined;
    if (!expires) throw unauthorized('Invalid or missing access token: request a token from POST /oauth/token.');
    if (expires < this.now()) {
      this.live.delete(m![1]);
      throw unauthorized('The access token has expired: request a new one.');
    }
  }

  /** Every token invalid at once, as a revocation would. */
  revoke(): void {
    this.live.clear();
  }

  get size(): number {
    return this.live.size;
  }
}
