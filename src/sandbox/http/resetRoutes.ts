// The reset control path: POST /_sandbox/reset makes a running Local sandbox afresh, as it started with an empty
// data file: the seeded accounts, the catalog it started with, the clock on its start date (its `today`, else
// the real date) or on the body's `today`, no way back, no idempotency replies. Its data file is backed up beside
// itself first, as Reset Local Sandbox does. One turn of the event loop: other requests come before or after it,
// never in between; during a clock move (which runs in turns) it is refused with the move's 503.
import { isClockDate } from '../../wire/sandboxClock';
import { RESET_PATH, type ResetAnswer, type ResetRequest } from '../../wire/sandboxReset';
import { conventionsOf, inConventions } from '../money/conventions';
import { MAX_JSON_DEPTH, nestingExceeds, parseJson, readBody } from './body';
import { badRequest, ServiceError } from './errors';
import type { IdempotencyCache } from './idempotency';
import { catalogSummary } from './catalogControl';
import { ok, type Route } from './router';
import { inCatalog } from '../state/activeCatalog';
import { SEED_CATALOG } from '../state/seedCatalog';
import { importCatalog } from '../state/catalogImport';
import type { MovableClock } from '../state/clock';
import { atomicWrite, moveAside, reasonOf } from '../state/dataFile';
import { seed } from '../engine/seed';
import { Store } from '../state/store';
import type { TimeMachine } from '../timeTravel/timeMachine';

/** How the sandbox started: what a reset goes back to (the sandbox's own options). */
export interface FreshStart {
  seedAccounts?: number;
  catalog?: unknown;
  today?: string;
}

export interface ResetDeps {
  store: Store;
  clock: MovableClock;
  machine: TimeMachine;
  idempotency: IdempotencyCache;
  /** Runs a change to the data and saves it (a failed save answers 500, nothing kept). */
  commit<T>(change: () => T): T;
  dataFile?: string;
  start: FreshStart;
  /** Forgets the callout history (the definitions go with the store's state). */
  forgetCallouts?(): void;
  /** Names the backup (tests give one). */
  now?: () => Date;
}

const WHAT_TO_SEND = 'send {} (the date the sandbox started on) or { "today": "2027-01-01" }';

export function resetRoutes(d: ResetDeps): Route[] {
  return [
    {
      method: 'POST',
      path: RESET_PATH,
      handle: async call => {
        const request = resetRequestOf(await readBody(call.req));
        await call.hold();
        return ok(reset(d, request));
      },
    },
  ];
}

/** The body as a reset request; a 400 naming the field and what to send otherwise. An empty body is `{}`. */
export function resetRequestOf(text: string): ResetRequest {
  if (!text.trim()) return {};
  if (nestingExceeds(text, MAX_JSON_DEPTH)) {
    throw badRequest('malformed_json', undefined, `The body nests deeper than ${MAX_JSON_DEPTH} levels.`, 90);
  }
  const body = parseJson(text);
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('invalid_parameter', undefined, `The body must be a JSON object: ${WHAT_TO_SEND}.`);
  }
  const b = body as Record<string, unknown>;
  for (const key of Object.keys(b)) {
    if (key !== 'today') throw badRequest('unknown_parameter', key, `Unknown field "${key}": ${WHAT_TO_SEND}.`, 21);
  }
  if (b.today === undefined) return {};
  if (typeof b.today !== 'string' || !isClockDate(b.today)) {
    const shown = JSON.stringify(b.today)?.slice(0, 40);
    throw badRequest('invalid_parameter', 'today', `"today" must be a real date written YYYY-MM-DD, not ${shown}.`);
  }
  return { today: b.today };
}

/** Makes the sandbox afresh, all at once (nothing awaits: no request sees it half done). */
function reset(d: ResetDeps, request: ResetRequest): ResetAnswer {
  const { store, clock, machine } = d;
  machine.refuseWhileMoving(); // before the backup: a move in progress is not backed up half done
  const before = store.serialise();
  const backup = d.dataFile ? backUp(d.dataFile, d.now?.() ?? new Date(), before) : undefined;
  const fresh = freshState(d.start);
  try {
    d.commit(() => {
      store.replaceWith(fresh);
      store.today = request.today; // a restart on this data file stays on the date given
    });
  } catch (e) {
    store.replaceWith(before); // a failed save: the data as it was (a commit cannot undo a replacement)
    throw e;
  }
  const today = request.today ?? d.start.today;
  if (today) clock.set(today);
  else clock.follow();
  const states = machine.forgetHistory();
  const idempotencyKeys = d.idempotency.clear();
  d.forgetCallouts?.();
  return {
    ...machine.status(),
    accounts: [...store.accounts.keys()], // in the list's order, without making the seeded rows
    catalog: catalogSummary(store.catalog),
    ...(backup ? { backup } : {}),
    cleared: { states, idempotencyKeys },
  };
}

/**
 * The data as it is, beside the data file (FILE.STAMP.bak): one file that opens as a data file, not the snapshot
 * and its journal (state/journal.ts); undefined when nothing was saved yet.
 */
function backUp(file: string, now: Date, state: string): string | undefined {
  try {
    const backup = moveAside(file, 'bak', now, true); // claims the name (a link to the snapshot) ...
    atomicWrite(backup, state); // ... then holds what the journal added too
    return backup;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    const message = `The Local sandbox could not back up ${file} before the reset: ${reasonOf(e)}. Nothing was reset; free some space and try again.`;
    throw new ServiceError(
      500,
      { type: 'internal_server_error', errors: [{ code: 'data_not_saved', message }] },
      { resource: 500000, category: 60 },
      {},
      undefined,
      false,
    );
  }
}

/** The state a start with an empty data file gives, as the data file holds it (seeded in the seeded catalog). */
function freshState(start: FreshStart): string {
  const fresh = new Store();
  inCatalog(SEED_CATALOG, () =>
    inConventions(conventionsOf(), () => seed(fresh, Math.max(1, start.seedAccounts ?? 1))),
  );
  if (start.catalog !== undefined) fresh.catalog = importCatalog(start.catalog);
  return fresh.serialise();
}
