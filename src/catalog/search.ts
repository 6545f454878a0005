// Ranked search over the catalog that reads a query as a person phrases it: "refund a payment", "apply a
// credit memo to an invoice", "write off debit memo", "/v1/describe".
// - Little words (a, the, my) are dropped. A preposition ends the main phrase: what follows ("to an invoice")
//   qualifies it, adding to the score without being required.
// - The action (the phrase's first verb) weighs on the operation's purpose, its last path segment (`/refunds`)
//   and its method: create/add/new -> POST, get/show/find -> GET, update/edit/change -> PUT/PATCH,
//   delete/remove/cancel -> DELETE.
// - The objects ("payment") weigh on the group and path words; a word inside the purpose counts less.
// - No action and a plural object ("v2 invoices"): the list (a GET of a collection) comes first.
// - An operation holding every object beats any that misses one; then tighter matches (fewer words of the path
//   and purpose that nothing typed asked for) and shorter paths first.
// - A method and path typed (`GET /v2/accounts/{account_key}`, `/v2/accounts/A00000001`) ranks that very
//   operation first, whatever its parameters are named; a version named (`v2`, `/v1/...`) is preferred.
// Words match whole, by prefix or inside a path segment (`debitmemos` holds "memo"), lightly stemmed (memos -> memo).
import { OPERATIONS, type Operation } from './catalog';

type Method = Operation['method'];

const stem = (w: string) =>
  w.length > 3 && w.endsWith('ies')
    ? w.slice(0, -3) + 'y'
    : w.length > 3 && w.endsWith('s') && !w.endsWith('ss')
      ? w.slice(0, -1)
      : w;
/** Lower-case words, camelCase split; not yet stemmed (so "this" is still a little word). */
const rawWords = (s: string) =>
  s
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
const words = (s: string) => rawWords(s).map(stem);

const LITTLE = new Set(
  'a an the my our your its this that these those some any all me i please and or is are'.split(' '),
);
/** Where the main phrase ends and its qualifier begins ("list invoices | for an account"). */
const PREPOSITIONS = new Set('for of to from by with into on in at'.split(' '));

interface Verb {
  /** Words of a purpose or last path segment that do this (besides the typed word itself). */
  alts: string[];
  methods: Method[];
}
const verb = (alts: string, methods: string): Verb => ({
  alts: alts.split(' '),
  methods: methods.split(' ') as Method[],
});
const CREATE = verb('create add', 'POST');
const READ = verb('retrieve get read', 'GET');
const LIST = verb('list', 'GET');
const UPDATE = verb('update', 'PUT PATCH');
const DELETE = verb('delete', 'DELETE');
const RUN = verb('run create submit execute', 'POST');
const UPLOAD = verb('upload import', 'POST');
const EMAIL = verb('email send resend', 'POST');
/** How people say an action, as the catalog says it ("void" is "cancel", "add" is "create"). */
const VERBS: Record<string, Verb> = {
  ...Object.fromEntries(['create', 'add', 'new', 'make'].map(w => [w, CREATE])),
  ...Object.fromEntries(['get', 'show', 'find', 'fetch', 'view', 'see', 'retrieve', 'read'].map(w => [w, READ])),
  list: LIST,
  ...Object.fromEntries(['update', 'change', 'edit', 'modify'].map(w => [w, UPDATE])),
  ...Object.fromEntries(['delete', 'remove', 'destroy'].map(w => [w, DELETE])),
  cancel: verb('cancel', 'DELETE'),
  void: verb('cancel void', 'DELETE'),
  ...Object.fromEntries(['run', 'start', 'execute', 'submit'].map(w => [w, RUN])),
  generate: verb('generate create', 'POST'),
  ...Object.fromEntries(['upload', 'import'].map(w => [w, UPLOAD])),
  ...Object.fromEntries(['email', 'send'].map(w => [w, EMAIL])),
};
/** A word people use for what the catalog names otherwise; it counts a little less than the catalog's word. */
const RELATED: Record<string, string[]> = {
  pdf: ['file'],
  invoice: ['document'], // invoices are billing documents
  customer: ['account'],
  price: ['charge'],
};
const RELATED_WEIGHT = 0.6;

interface Indexed {
  op: Operation;
  purpose: string[];
  path: string[];
  group: string[];
  /** Literal path segments, lower case: `debitmemos` holds "memo". */
  segments: string[];
  /** Words of the last segment when the path has more than one literal (`/refunds`, `/write-off`). */
  action: string[];
  /** Words of the last literal segment: what the operation returns or acts on. */
  last: string[];
  /** Path words besides the version, for counting what the query did not ask for. */
  pathExtra: string[];
}

const index: Indexed[] = OPERATIONS.map(op => {
  const literals = op.path.split('/').filter(s => s && !s.startsWith('{') && !/^v\d+$/.test(s));
  const last = op.path.slice(op.path.lastIndexOf('/') + 1);
  const path = words(op.path.replace(/\{[^}]+\}/g, ''));
  return {
    op,
    purpose: rawWords(op.summary)
      .filter(w => !LITTLE.has(w) && !PREPOSITIONS.has(w))
      .map(stem),
    path,
    group: words(op.group),
    segments: literals.map(s => s.toLowerCase()),
    action: literals.length > 1 && !last.startsWith('{') ? words(last) : [],
    last: words(literals[literals.length - 1] ?? ''),
    pathExtra: path.filter(w => !/^v\d+$/.test(w)),
  };
});

/** Words that start purposes (or anything VERBS knows): "refund" in "refund a payment" is the action. */
const ACTIONS = (() => {
  const groupWords = new Set(index.flatMap(x => x.group));
  const starts = new Map<string, number>();
  for (const x of index) if (x.purpose[0]) starts.set(x.purpose[0], (starts.get(x.purpose[0]) ?? 0) + 1);
  // A group's noun that starts a single purpose ("file", "invoice and collect") is no verb.
  const verbs = [...starts].filter(([w, n]) => n > 1 || !groupWords.has(w)).map(([w]) => w);
  return new Set([...verbs, ...Object.keys(VERBS)]);
})();

const has = (list: string[], w: string) => list.includes(w);
const hasPrefix = (list: string[], w: string) => list.some(x => x.startsWith(w));

/** How well `w` names what the operation acts on: group and path words first, inside its purpose less. */
function objectScore(w: string, x: Indexed, minPrefix: number): number {
  const prefix = w.length >= minPrefix;
  const inPath = has(x.path, w)
    ? 3
    : (prefix && hasPrefix(x.path, w)) || (w.length >= 4 && x.segments.some(s => s.includes(w)))
      ? 2
      : 0;
  const inGroup = has(x.group, w) ? 3 : prefix && hasPrefix(x.group, w) ? 2 : 0;
  if (inPath && inGroup) return Math.max(inPath, inGroup) + 2;
  if (inPath || inGroup) return Math.max(inPath, inGroup);
  return has(x.purpose, w) ? 2 : prefix && hasPrefix(x.purpose, w) ? 1.5 : 0;
}

/** objectScore of the word, or a little less of a word the catalog uses for it ("pdf": a file). */
function relatedScore(w: string, x: Indexed, minPrefix: number): number {
  let best = objectScore(w, x, minPrefix);
  for (const r of RELATED[w] ?? []) best = Math.max(best, RELATED_WEIGHT * objectScore(r, x, 99));
  return best;
}

/** How well the operation does the action `w` (or an alternative word for it): by its purpose, its last path
 * segment, its method. */
function actionScore(w: string, alts: string[], v: Verb | undefined, x: Indexed, minPrefix: number): number {
  const inPurpose = alts.some(a => has(x.purpose, a)),
    inLast = alts.some(a => has(x.action, a));
  let s = inPurpose && inLast ? 4 : inPurpose || inLast ? 3 : 0;
  if (v?.methods.includes(x.op.method)) s += 1.5;
  else if (!s && w === x.op.method.toLowerCase()) s = 1.5; // "post /v1/orders"; not "post an invoice" (PUT .../post)
  // named elsewhere only ("run" in `bill-runs`): a hint, not the action
  return s || Math.min(objectScore(w, x, minPrefix), 1.5);
}

interface Query {
  action?: { word: string; verb?: Verb; alts: string[] };
  objects: string[];
  qualifiers: string[];
  /** Every word the query asks for (with the verbs' and related words): the rest of a match is extra. */
  asked: Set<string>;
  /** The word being typed (no space after it yet) matches by any prefix: "p" for payments. */
  typing?: string;
  /** The query itself when it is a path (`/v1/invoices`), or the path of a method and path (`GET /v2/plans`). */
  path?: string;
  /** The method of a query that is a method and a path. */
  method?: Method;
  /** The versions the query names (`v2`, `/v1/...`): operations of another rank after theirs. */
  versions: Set<string>;
  /** No action, a plural object ("v2 invoices"): the list of them comes first. */
  lists?: boolean;
}

function parse(text: string): Query | undefined {
  const typed = typedPath(text);
  // A parameter's name in a typed path (`{account_key}`) only says "a value here": its words are not asked for.
  const raw = rawWords(typed.path ? text.replace(/\{[^}]*\}/g, ' ') : text);
  if (raw.length === 0) return undefined;
  const typing = /[a-z0-9]$/i.test(text) ? stem(raw[raw.length - 1]) : undefined;
  const versions = new Set(raw.filter(w => /^v\d+$/.test(w)));
  const content = raw.filter(w => !LITTLE.has(w));
  // only little words ("a"): search them as typed
  if (content.every(w => PREPOSITIONS.has(w)))
    return { objects: raw.map(stem), qualifiers: [], asked: new Set(), typing, versions };
  const cut = content.findIndex((w, i) => i > 0 && PREPOSITIONS.has(w));
  // a version ("/v1/describe", "v2 orders") qualifies too: nearly every path holds one
  const isVersion = (w: string) => /^v\d+$/.test(w);
  const mainRaw = (cut < 0 ? content : content.slice(0, cut)).filter(w => !PREPOSITIONS.has(w) && !isVersion(w));
  const main = mainRaw.map(stem);
  const qualifiers = [...(cut < 0 ? [] : content.slice(cut + 1)), ...content.filter(isVersion)]
    .filter(w => !PREPOSITIONS.has(w))
    .map(stem);
  if (!main.length)
    return { objects: qualifiers, qualifiers: [], asked: new Set(qualifiers), typing, ...typed, versions };
  const at = main.findIndex(w => ACTIONS.has(w));
  const objects = main.filter((_, i) => i !== at);
  let action: Query['action'];
  if (at >= 0) {
    const word = main[at];
    // "get invoices" (a plural object) lists them; "get an invoice" retrieves one
    const plural = mainRaw.some((w, i) => i !== at && stem(w) !== w);
    const verb = VERBS[word] === READ && plural ? LIST : VERBS[word];
    action = { word, verb, alts: [word, ...(verb?.alts ?? [])] };
  }
  const all = [...main, ...qualifiers];
  const asked = new Set([...all, ...all.flatMap(w => [...(VERBS[w]?.alts ?? []), ...(RELATED[w] ?? [])])]);
  if (action?.verb) for (const a of action.verb.alts) asked.add(a);
  const lists = !action && !typed.path && mainRaw.some(w => stem(w) !== w);
  return { action, objects, qualifiers, asked, typing, ...typed, lists, versions };
}

/** `GET /v2/accounts/{account_key}` or a path alone (`/v1/invoices`): its method and path; else nothing. */
function typedPath(text: string): Pick<Query, 'path' | 'method'> {
  const m = /^\s*(?:(get|post|put|patch|delete)\s+)?(\/[^\s?#]*)(?:[?#]\S*)?\s*$/i.exec(text);
  return m ? { path: m[2], ...(m[1] ? { method: m[1].toUpperCase() as Method } : {}) } : {};
}

/**
 * Whether the typed path is the operation's: undefined if not, else how many of its parameters were typed as
 * values (`/v2/accounts/A00000001`); a parameter typed as one matches whatever its name (`{account_key}`).
 */
function pathFit(typed: string, template: string): number | undefined {
  const a = typed
    .replace(/(.)\/+$/, '$1')
    .toLowerCase()
    .split('/');
  const b = template.toLowerCase().split('/');
  if (a.length !== b.length) return undefined;
  let values = 0;
  for (let i = 0; i < a.length; i++) {
    const param = b[i].startsWith('{');
    if (a[i].startsWith('{')) {
      if (!param) return undefined;
    } else if (a[i] !== b[i]) {
      if (!param || !a[i]) return undefined;
      values++; // a value where the operation has a parameter
    }
  }
  return values;
}

/** What the operation holds that nothing typed asked for: another target (its last segment) above all. */
function extra(x: Indexed, asked: Set<string>): number {
  const not = (list: string[]) => {
    let n = 0;
    for (const w of list) if (!asked.has(w)) n++;
    return n;
  };
  return Math.min(0.8 * not(x.last) + 0.3 * not(x.pathExtra) + 0.1 * not(x.purpose), 2.5);
}

/** What an exact path adds (twice with its method): more than any match of words can. */
const EXACT = 100;
/** What an operation of a version the query did not name loses: about a missing object's worth. */
const OTHER_VERSION = 5;

export interface SearchHit {
  op: Operation;
  score: number;
}

export function searchOperations(text: string, limit = 50): SearchHit[] {
  const q = parse(text);
  if (!q) return OPERATIONS.slice(0, limit).map(op => ({ op, score: 0 }));
  const minPrefix = (w: string) => (w === q.typing ? 1 : 3);
  const hits: SearchHit[] = [];
  for (const x of index) {
    let score = 0,
      missing = 0;
    for (const w of q.objects) {
      const s = relatedScore(w, x, minPrefix(w));
      if (s > 0) score += s;
      else missing++;
    }
    for (const w of q.qualifiers) score += relatedScore(w, x, minPrefix(w));
    if (q.action) {
      const { word, verb, alts } = q.action;
      const act = actionScore(word, alts, verb, x, minPrefix(word));
      // a lone word may be the thing rather than the act ("describe", "refund"); with objects, doing the
      // action to none of them ("get" for "get an access token" on GET /v1/refunds) is a faint hint
      const s = !q.objects.length ? Math.max(act, relatedScore(word, x, minPrefix(word))) : score > 0 ? act : act / 4;
      if (s > 0) score += s;
      else if (!q.objects.length) missing++;
    }
    const fit = q.path === undefined ? undefined : pathFit(q.path, x.op.path);
    if (score === 0 && fit === undefined) continue;
    if (missing === 0) score += 10; // every object found beats any partial match
    if (q.path && x.op.path.startsWith(q.path)) score += x.op.path === q.path ? 2 : 1; // a path typed as is
    // The very operation typed (`GET /v2/accounts/{account_key}`) first, then the others at its path.
    if (fit !== undefined) score += EXACT - fit + (x.op.method === q.method ? EXACT : 0);
    if (q.lists && x.op.method === 'GET' && !x.op.path.endsWith('}')) score += 1;
    score -= extra(x, q.asked) + x.op.path.length / 1000; // tighter, then shorter (more general) paths first
    // A version named (`v2 accounts`, `/v1/...`) is preferred; between equals, the v1 operation first (the broad
    // family, the one the trees read).
    const version = /^\/(v\d+)\//.exec(x.op.path)?.[1];
    if (q.versions.size) score -= version && q.versions.has(version) ? 0 : OTHER_VERSION;
    else if (version === 'v2') score -= 0.5;
    hits.push({ op: x.op, score });
  }
  hits.sort((a, b) => b.score - a.score);
  return hits.slice(0, limit);
}
