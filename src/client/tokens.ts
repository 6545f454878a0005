// OAuth client-credentials token, cached in memory and renewed shortly before it expires; a burst of
// calls while it is renewed shares one token request.
export interface TokenAnswer {
  access_token: string;
  expires_in?: number;
}

/** Spec 01: a token lives one hour; an answer without a usable `expires_in` is taken to mean that. */
export const DEFAULT_TOKEN_LIFETIME_S = 3600;

export class TokenProvider {
  private cached: { token: string; renewAt: number } | undefined;
  private inflight: Promise<string> | undefined;
  /** How many token requests were made (tests and the log read it). */
  requests = 0;

  constructor(
    private readonly fetchToken: () => Promise<TokenAnswer>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached token if it is still fresh: lets the hot path skip a promise. */
  peek(): string | undefined {
    return this.cached && this.now() < this.cached.renewAt ? this.cached.token : undefined;
  }

  get(): Promise<string> {
    if (this.cached && this.now() < this.cached.renewAt) return Promise.resolve(this.cached.token);
    this.inflight ??= (async () => {
      try {
        this.requests++;
        const t = await this.fetchToken();
        const given = Number(t.expires_in);
        const lifeMs = (Number.isFinite(given) && given > 0 ? given : DEFAULT_TOKEN_LIFETIME_S) * 1000;
        // Renew ahead of expiry: a tenth of the lifetime, at most a minute (a 1-hour token: at 59 min).
        this.cached = { token: t.access_token, renewAt: this.now() + lifeMs - Math.min(60_000, lifeMs / 10) };
        return t.access_token;
      } finally {
        this.inflight = undefined;
      }
    })();
    return this.inflight;
  }

  /** Forget `token` if it is the cached one (after a 401). */
  invalidate(token: string): void {
    if (this.cached?.token === token) this.cached = undefined;
  }
}
