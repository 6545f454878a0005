// The one redaction: logs, error messages, the response panel and "copy as cURL" all go through redact(),
// so credentials, tokens and card data never appear in clear anywhere a person or a log file can see.

import {
  isSecretField,
  isSecretName,
  SECRET_NAME,
  IBAN_SHAPE,
  maskCard,
  maskDottedCard,
  maskIban,
} from './secretRules';

const MASK = '***';

export { isSecretName };

/** A JSON number that may be a card number: 13 to 19 digits. */
const looksLikeCardNumber = (n: number) => Number.isInteger(n) && Math.abs(n) >= 1e12 && Math.abs(n) < 1e19;

/** The forms a known secret takes on the wire: as is, URL-encoded, form-encoded and JSON-escaped. */
function secretForms(secret: string): string[] {
  const forms = [secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)];
  forms.push(JSON.stringify(secret).slice(1, -1));
  return [...new Set(forms)];
}

/**
 * Each rule with what a text must hold for the rule to change it (a character, a word, a length), checked
 * first: most strings of an answer (dates, ids, amounts) then skip the rule's search.
 */
type Guard = (s: string) => boolean;
const has =
  (...parts: string[]): Guard =>
  s =>
    parts.some(p => s.includes(p));
const atLeast =
  (n: number): Guard =>
  s =>
    s.length >= n;
type TextRule = [Guard, RegExp, string | ((...m: string[]) => string)];
/** Made with the first text redacted: the secret rules are a lazy bundle (secretRules.ts). */
let textRules: TextRule[] | undefined;
const TEXT_RULES = (): TextRule[] =>
  (textRules ??= [
    // JSON Web Tokens, wherever they appear (headers, bodies, URLs).
    // Only where a run of token characters starts: a `\b` before each `eyJ` of `eyJ-eyJ-…` was quadratic.
    [has('eyJ'), /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, MASK],
    [atLeast('Basic x'.length), /\b(Bearer|Basic|Digest)(\s+)[A-Za-z0-9._~+/=:-]+/gi, `$1$2${MASK}`],
    // Any other scheme (Token, SSWS, ApiKey ...): the credential after it, in a header written as text.
    [
      has(':'),
      /\b((?:proxy-)?authorization:[ \t]*)(?!bearer\b|basic\b|digest\b)([A-Za-z][\w-]*[ \t]+)[^\s"',;]+/gi,
      `$1$2${MASK}`,
    ],
    // user:password@ in any URL. A scheme is short: unbounded, every word of `a.a.a.…` restarted a long scan.
    [has('://'), /\b([a-z][a-z0-9+.-]{0,31}:\/\/)[^/\s:@]*:[^/\s@]*@/gi, `$1${MASK}:${MASK}@`],
    // name=value, name: value, "name": "value" for secret-like names (query strings, form bodies, JSON text), and
    // \"name\": \"value\" of JSON text inside a JSON string (an error message quoting the body it refused).
    [
      has(':', '='),
      new RegExp(
        `(?<![\\w.-])(\\\\{0,3}["']|)(${SECRET_NAME})(?![\\w-])\\1(\\s*[:=]\\s*)` +
          `(\\\\+"(?:[^"\\\\]|\\\\+[^"\\\\])*\\\\+"|"(?:[^"\\\\]|\\\\.)*"|'[^']*'|[^\\s&,;}\\]"'#{[]+)`,
        'gi',
      ),
      (m: string, q: string, name: string, sep: string, value: string) => {
        if (/^(bearer|basic|digest|\*\*\*)$/i.test(value)) return m;
        const quote = /^\\*["']/.exec(value)?.[0] ?? '';
        return `${q}${name}${q}${sep}${quote}${MASK}${quote}`;
      },
    ],
    // Card numbers: 13-19 digits, plain or in groups (4-4-4-4, 4-6-5, 4-4-4-4-3); the last four stay. Digits
    // inside a longer word (a hex id such as c0848969919009f6…) are not a card.
    [
      atLeast(13),
      /(?<![\dA-Za-z]|\d\.)(?:(?:\d{4}[ -]){2,4}\d{1,4}|\d{4}[ -]\d{6}[ -]\d{4,5})(?![\dA-Za-z]|\.\d)/g,
      maskCard,
    ],
    [atLeast(13), /(?<![\dA-Za-z]|\d\.)\d{13,19}(?![\dA-Za-z]|\.\d)/g, maskCard],
    // Grouped by dots (4111.1111.1111.1111): masked only when the digits pass the Luhn check.
    [
      s => s.length >= 13 && s.includes('.'),
      /(?<![\dA-Za-z.])(?:(?:\d{4}\.){2,4}\d{1,4}|\d{4}\.\d{6}\.\d{4,5})(?![\dA-Za-z]|\.\d)/g,
      maskDottedCard,
    ],
    // IBANs, compact or by fours, when their country and check digits hold (DE89 3704 0044 0532 0130 00).
    [atLeast(15), IBAN_SHAPE, maskIban],
  ]);

/**
 * Every form of the known secrets as ONE pattern, longest first (a run may know hundreds: one search per text
 * instead of one per secret); a short one (under 6 characters) only where it stands alone.
 */
type Known = RegExp | undefined;
function knownPatterns(secrets: Iterable<string>): Known {
  const forms = [...new Set([...secrets].filter(s => s.length > 0).flatMap(secretForms))];
  if (!forms.length) return undefined;
  forms.sort((a, b) => b.length - a.length);
  const escape = (f: string) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const long = forms.filter(f => f.length >= 6).map(escape);
  const short = forms.filter(f => f.length < 6).map(escape);
  const alone = short.length ? [`(?<![A-Za-z0-9])(?:${short.join('|')})(?![A-Za-z0-9])`] : [];
  return new RegExp([...long, ...alone].join('|'), 'g');
}

function redactText(s: string, secrets: Known, guarded = true): string {
  let out = secrets ? s.replace(secrets, MASK) : s;
  for (const [may, re, by] of TEXT_RULES()) {
    if (!guarded || may(out)) out = out.replace(re, by as (...m: string[]) => string);
  }
  return out;
}

/** @internal A text scrubbed by every rule, guards or not (for the test that they never change an answer). */
export const redactTextUnguarded = (s: string) => redactText(s, undefined, false);
/** @internal */
export const redactTextGuarded = (s: string) => redactText(s, undefined, true);

/** Deeper than any real body: what lies below is masked whole, never kept unread. */
const MAX_DEPTH = 200;

/** `holder`: the name of the field holding this value, for names secret only there (see isSecretField). */
function redactValue(value: unknown, secrets: Known, depth: number, holder?: string): unknown {
  if (typeof value === 'string') return redactText(value, secrets);
  if (typeof value === 'number') return looksLikeCardNumber(value) ? MASK : value;
  if (!value || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return MASK;
  if (Array.isArray(value)) return value.map(v => redactValue(v, secrets, depth + 1, holder));
  // fromEntries keeps a `__proto__` key (JSON.parse makes it an own key) where assigning it would drop it.
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      isSecretField(k, holder) ? masked(v, depth + 1) : redactValue(v, secrets, depth + 1, k),
    ]),
  );
}

/** A secret-named field's value: every leaf masked, whatever its shape (a list of secrets, `{ "value": … }`). */
function masked(value: unknown, depth: number): unknown {
  if (value === null || value === undefined) return value;
  if (typeof value !== 'object' || depth > MAX_DEPTH) return MASK;
  if (Array.isArray(value)) return value.map(v => masked(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, masked(v, depth + 1)]));
}

/** Whether a value is already a mask (`***`, `***1111`, `************1111`): nothing to learn from it. */
const isMask = (s: string) => s.startsWith(MASK) || /^[*xX•]+\d{0,4}$/.test(s);
/** Placeholders a secret-named field may hold, common words elsewhere. */
const PLACEHOLDER = /^(?:null|none|true|false|n\/a|empty|undefined|redacted|masked|hidden|unknown)$/i;
/** Shorter values are too common to mask wherever they appear (a security code, a PIN, "none"). */
const LEARN_MIN = 6;
/** Longer ones are no value of a field but a document: the search for them would cost more than it protects. */
const LEARN_LONGEST = 4096;

/**
 * The values of the secret-named fields of a value (an answer, a body sent), added to `into` until it holds
 * `max`: once seen there, a value is secret wherever it appears next (a later body's reference to it, a
 * check's message quoting it). The same names the redaction masks, so what History hides stays hidden.
 */
export function learnSecrets(value: unknown, into: Set<string>, max = 256): Set<string> {
  const visit = (v: unknown, secret: boolean, depth: number, holder?: string): void => {
    if (into.size >= max || depth > MAX_DEPTH || v === null || v === undefined) return;
    if (typeof v === 'string' || typeof v === 'number') {
      const s = String(v);
      if (secret && s.length >= LEARN_MIN && s.length <= LEARN_LONGEST && !isMask(s) && !PLACEHOLDER.test(s))
        into.add(s);
    } else if (Array.isArray(v)) for (const x of v) visit(x, secret, depth + 1, holder);
    else if (typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) visit(x, secret || isSecretField(k, holder), depth + 1, k);
    }
  };
  visit(value, false, 0);
  return into;
}

/**
 * THE redaction. A string is scrubbed of known secrets (in every encoding), tokens, credentials and card
 * numbers; an object or array is copied with secret-named keys masked and every string and number scrubbed.
 */
export function redact<T>(value: T, knownSecrets: Iterable<string> = []): T {
  return redactValue(value, knownPatterns(knownSecrets), 0) as T;
}

/** How many learned values a redactor keeps (each string it scrubs is searched for every one). */
const LEARNED_MAX = 256;

/** Holds the secrets of one client (its client secret, the tokens it was given) and redacts with them. */
export class Redactor {
  private readonly secrets = new Set<string>();
  /** Values seen in secret-named fields of answers, oldest first; bounded (a long session sees many). */
  private readonly learned = new Set<string>();
  private forms: Known;

  /** Any length: a short secret is still a secret. */
  remember(secret: string | undefined): void {
    if (!secret || this.secrets.has(secret)) return;
    this.secrets.add(secret);
    this.learned.delete(secret);
    this.forms = knownPatterns([...this.secrets, ...this.learned]);
  }

  /** A redactor that also knows these secrets (a scenario's), leaving this one (a client's) as it is. */
  with(secrets: Iterable<string>): Redactor {
    const more = new Redactor();
    for (const s of [...this.secrets, ...secrets]) if (s) more.secrets.add(s);
    for (const s of this.learned) if (!more.secrets.has(s)) more.learned.add(s);
    more.forms = knownPatterns([...more.secrets, ...more.learned]);
    return more;
  }

  /**
   * Remembers the values of the secret-named fields of an answer (see learnSecrets), so that History, the
   * panel, cURL and the log mask them wherever they appear next. The oldest go past LEARNED_MAX.
   */
  learn(value: unknown): void {
    const found = [...learnSecrets(value, new Set(), LEARNED_MAX)].filter(s => !this.secrets.has(s));
    if (found.every(s => this.learned.has(s))) return;
    for (const s of found) {
      this.learned.delete(s); // seen again: the newest
      this.learned.add(s);
    }
    for (const s of this.learned) {
      if (this.learned.size <= LEARNED_MAX) break;
      this.learned.delete(s);
    }
    this.forms = knownPatterns([...this.secrets, ...this.learned]);
  }

  text(s: string): string {
    return redactValue(s, this.forms, 0) as string;
  }
  json<T>(value: T): T {
    return redactValue(value, this.forms, 0) as T;
  }

  headers(h: Record<string, string>): Record<string, string> {
    return Object.fromEntries(Object.entries(h).map(([k, v]) => [k, isSecretName(k) ? MASK : this.text(v)]));
  }
}

const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** A cURL command for a request, with secrets redacted. */
export function toCurl(
  r: { method: string; url: string; headers: Record<string, string>; body?: string },
  redactor: Redactor,
): string {
  const parts = [`curl -X ${r.method} ${sq(redactor.text(r.url))}`];
  for (const [k, v] of Object.entries(redactor.headers(r.headers))) parts.push(`-H ${sq(`${k}: ${v}`)}`);
  if (r.body !== undefined) {
    let body: string;
    try {
      body = JSON.stringify(redactor.json(JSON.parse(r.body)));
    } catch {
      body = redactor.text(r.body);
    }
    parts.push(`--data-raw ${sq(body)}`);
  }
  return parts.join(' \\\n  ');
}
