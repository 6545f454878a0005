// `sandbox [--port 0] [--token-ttl S] [--max-concurrent N] [--seed-accounts N] [--data FILE] [--latency MS]
//  [--faults 429:0.1,503:0.05,timeout:0.01] [--today YYYY-MM-DD] [--headers-timeout MS] [--body-timeout MS]
//  [--catalog FILE] [--rounding MODE] [--proration day|month-first] [--days-in-month actual|actual-360|30-360]`
// First line: `listening on http://127.0.0.1:PORT`; then the demo credentials. Stops on SIGINT/SIGTERM.
// A --data file that is locked or not ours is refused (exit 1) with a message naming it (a damaged one is moved
// aside, named in a warning, and the start is fresh); a --catalog file that is not a catalog (exit 2) with the
// field that is wrong.
import {
  CatalogError,
  DAYS_IN_MONTH,
  DEFAULT_CONVENTIONS,
  parseFaults,
  PRORATION_UNITS,
  ROUNDING_MODES,
  startSandbox,
  type BillingConventions,
} from '../sandbox';
import { isRealDate } from '../schemas/dates';
import { readPayloadFile } from './files';
import { InputError, UsageError, type Io } from './io';

const int = (v: string | undefined, name: string, min: number): number | undefined => {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`--${name} takes a whole number >= ${min}, not "${v}"`);
  return n;
};

const portOption = (v: string | undefined): number | undefined => {
  const port = int(v, 'port', 0);
  if (port !== undefined && port > 65535)
    throw new UsageError(`--port takes 0 to 65535 (0: any free port), not "${v}"`);
  return port;
};

/** The --catalog file as JSON: GET /v2/plans answers (one, or a list of its pages), or their plans. */
function catalogOf(file: string | undefined): unknown {
  if (file === undefined) return undefined;
  const read = readPayloadFile(file);
  if (read.error !== undefined) throw new InputError(`--catalog ${read.error}`);
  try {
    return JSON.parse(read.text);
  } catch (e) {
    throw new InputError(`--catalog ${file} is not JSON (${(e as Error).message}): give GET /v2/plans answers.`);
  }
}

const faultsOf = (v: string | undefined) => {
  if (v === undefined) return undefined;
  try {
    return parseFaults(v);
  } catch (e) {
    throw new UsageError(`--faults: ${(e as Error).message}`);
  }
};

/** One billing rule's value from its option, or a UsageError listing the choices. */
function choice<T extends string>(v: string | undefined, name: string, choices: readonly T[]): T | undefined {
  if (v === undefined) return undefined;
  if ((choices as readonly string[]).includes(v)) return v as T;
  throw new UsageError(`--${name} takes one of ${choices.join(', ')}, not "${v}"`);
}

/** The billing rules the options give (the vendor's defaults for the rest). */
export function conventionsOption(v: Record<string, string | undefined>): Partial<BillingConventions> {
  const rounding = choice(v.rounding, 'rounding', ROUNDING_MODES);
  const prorationUnit = choice(v.proration, 'proration', PRORATION_UNITS);
  const daysInMonth = choice(v['days-in-month'], 'days-in-month', DAYS_IN_MONTH);
  return {
    ...(rounding ? { rounding } : {}),
    ...(prorationUnit ? { prorationUnit } : {}),
    ...(daysInMonth ? { daysInMonth } : {}),
  };
}

/** The rules as the startup says them when they are not all the defaults; undefined when they are. */
export function conventionsLine(c: BillingConventions): string | undefined {
  const d = DEFAULT_CONVENTIONS;
  if (c.rounding === d.rounding && c.prorationUnit === d.prorationUnit && c.daysInMonth === d.daysInMonth) return;
  return `billing rules: rounding ${c.rounding}, proration ${c.prorationUnit}, days in month ${c.daysInMonth}`;
}

export async function sandboxCommand(v: Record<string, string | undefined>, io: Io): Promise<number> {
  const faults = faultsOf(v.faults);
  if (v.today !== undefined && !isRealDate(v.today)) {
    throw new UsageError(`--today takes a real date written YYYY-MM-DD, not "${v.today}"`);
  }
  const conventions = conventionsOption(v);
  const catalog = catalogOf(v.catalog);
  const sb = await startSandbox({
    conventions,
    port: portOption(v.port),
    tokenTtlSeconds: int(v['token-ttl'], 'token-ttl', 1),
    maxConcurrent: int(v['max-concurrent'], 'max-concurrent', 1),
    seedAccounts: int(v['seed-accounts'], 'seed-accounts', 1),
    dataFile: v.data,
    latencyMs: int(v.latency, 'latency', 0),
    faults,
    today: v.today,
    headersTimeoutMs: int(v['headers-timeout'], 'headers-timeout', 1),
    bodyTimeoutMs: int(v['body-timeout'], 'body-timeout', 1),
    ...(catalog !== undefined ? { catalog } : {}),
  }).catch((e: unknown) => {
    if (e instanceof CatalogError || (e as Error)?.name === 'CatalogError') {
      throw new InputError(`--catalog ${v.catalog}: ${(e as Error).message}`);
    }
    const code = (e as NodeJS.ErrnoException)?.code;
    if (code === 'EADDRINUSE' || code === 'EACCES') {
      const why = code === 'EADDRINUSE' ? 'another program is listening there' : 'this user may not listen there';
      throw new InputError(`--port ${v.port}: ${why}. Pick another port, or --port 0 for any free one.`);
    }
    throw e;
  });
  io.out(`listening on ${sb.url}`);
  io.out(`client id: ${sb.clientId}`);
  io.out(`client secret: ${sb.clientSecret}`);
  if (sb.store.damaged) io.err(`warning: ${sb.store.damaged}`);
  const reached = sb.store.today; // the date the data file's clock was moved to
  if (v.today !== undefined && reached !== undefined && v.today < reached) {
    // Its invoices and payments run to that date: a clock set back by a flag undoes none of them.
    io.err(
      `warning: --today ${v.today} is before ${reached}, the date ${v.data}'s clock was moved to: what was billed up ` +
        `to then stays. Start without --today to go on from ${reached}, then \`clock --to ${v.today}\` to go back, ` +
        'which undoes what came after.',
    );
  }
  const where = v.data ? `in ${v.data}` : 'in memory';
  io.err(`${sb.store.accounts.size} account(s), ${sb.store.orders.size} order(s) ${where}; Ctrl+C stops`);
  const rules = conventionsLine(sb.conventions); // said before the catalog line, which always follows
  if (rules) io.err(rules);
  const { catalog: priced } = sb.store;
  const unpriceable = priced.unpriceable.length ? `; ${priced.unpriceable.length} it cannot price` : '';
  const whose = priced.copied ? (v.catalog ? `from ${v.catalog}` : 'copied in') : 'seeded';
  io.err(`catalog ${whose}: ${priced.planCount} plan(s), ${priced.priceCount} price(s)${unpriceable}`);
  if (faults?.length || v.latency) {
    const shares = faults?.map(f => `${f.kind} ${f.probability * 100}%`).join(', ');
    io.err(`faults: ${shares || 'none'}; latency ${v.latency ?? 0} ms`);
  }
  await new Promise<void>(resolve => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await sb.close();
  io.err('sandbox stopped');
  return 0;
}
