// One redaction for logs, error messages and "copy as cURL": credentials, tokens and card data never appear in clear.
const SECRET_KEYS = /^(authorization|proxy-authorization|client_secret|clientSecret|access_token|accessToken|refresh_token|card_number|cardNumber|security_code|securityCode|cvv|password|token)$/i;

/** Known secrets (the live client secret and tokens) are replaced wherever they appear. */
export class Redactor {
  private readonly secrets = new Set<string>();
  remember(secret: string | undefined): void { if (secret && secret.length >= 6) this.secrets.add(secret); }

  text(s: string): string {
    let out = s;
    for (const secret of this.secrets) out = out.split(secret).join('***');
    return out
      .replace(/(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi, '$1***')
      .replace(/((?:client_secret|access_token|card_number|security_code)["']?\s*[:=]\s*["']?)[^"'&\s,}]+/gi, '$1***')
      .replace(/\b(\d{4})[ -]?\d{4}[ -]?\d{4}[ -]?(\d{1,4})\b/g, (_m, a: string, b: string) => `${a}********${b}`); // card-like numbers
  }

  headers(h: Record<string, string>): Record<string, string> {
    return Object.fromEntries(Object.entries(h).map(([k, v]) => [k, SECRET_KEYS.test(k) ? '***' : this.text(v)]));
  }

  /** JSON values under secret keys become "***". */
  json(value: unknown): unknown {
    if (Array.isArray(value)) return value.map(v => this.json(v));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_KEYS.test(k) ? '***' : this.json(v)]));
    return typeof value === 'string' ? this.text(value) : value;
  }
}

const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** A cURL command for a request, with secrets redacted. */
export function toCurl(r: { method: string; url: string; headers: Record<string, string>; body?: string }, redactor: Redactor): string {
  const parts = [`curl -X ${r.method} ${sq(redactor.text(r.url))}`];
  for (const [k, v] of Object.entries(redactor.headers(r.headers))) parts.push(`-H ${sq(`${k}: ${v}`)}`);
  if (r.body !== undefined) {
    let body = r.body;
    try { body = JSON.stringify(redactor.json(JSON.parse(r.body))); } catch { body = redactor.text(r.body); }
    parts.push(`--data-raw ${sq(body)}`);
  }
  return parts.join(' \\\n  ');
}
