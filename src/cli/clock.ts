// `clock --base-url URL [--to YYYY-MM-DD | --by "3 months"] [--format text|json]`: shows or moves the clock of a
// running Local sandbox (`sandbox` prints its URL). Moving it makes what falls due happen, one line per event;
// an earlier date goes back to the state of that date. Credentials: BILLING_CLIENT_ID and BILLING_CLIENT_SECRET,
// else, on loopback, the sandbox's demo ones (the same for every Local sandbox, printed by `sandbox`).
import { ApiError, BillingClient, clockLines, isLoopback } from '../client';
import { isClockDate, parseBy } from '../wire/sandboxClock';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET } from '../sandbox';
import { InputError, UsageError, type Io } from './io';
import { requestLog } from './requestLog';

export interface ClockArgs {
  baseUrl?: string;
  to?: string;
  by?: string;
  format: string;
}

export async function clockCommand(args: ClockArgs, io: Io, env = process.env): Promise<number> {
  if (!args.baseUrl) {
    throw new UsageError('clock needs --base-url: the URL of a running Local sandbox (`sandbox` prints it)');
  }
  if (!['text', 'json'].includes(args.format))
    throw new UsageError(`--format must be text or json, not "${args.format}"`);
  if (args.to !== undefined && args.by !== undefined) throw new UsageError('give --to or --by, not both');
  if (args.to !== undefined && !isClockDate(args.to)) {
    throw new UsageError(`--to takes a real date written YYYY-MM-DD, not "${args.to}"`);
  }
  if (args.by !== undefined) {
    const by = parseBy(args.by);
    if ('error' in by) throw new UsageError(`--by: ${by.error}`);
  }
  const requests = requestLog(io);
  const { log, onRetry } = requests;
  const client = new BillingClient({
    baseUrl: args.baseUrl,
    ...credentials(args.baseUrl, env),
    log,
    onRetry,
    surface: 'cli',
  });
  try {
    const r =
      args.to !== undefined
        ? await client.moveSandboxClock({ to: args.to })
        : args.by !== undefined
          ? await client.moveSandboxClock({ by: args.by })
          : await client.sandboxClock();
    requests.flush();
    io.out(args.format === 'json' ? JSON.stringify(r.data, null, 2) : clockLines(r.data).join('\n'));
    return 0;
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    requests.flush(e.message);
    io.err(
      `error: ${e.status === 404 ? `${args.baseUrl} has no sandbox clock: it is not a Local sandbox (start one with \`sandbox\`)` : e.message}`,
    );
    return e.kind === 'config' ? 2 : 1;
  } finally {
    await client.close();
  }
}

/** BILLING_CLIENT_ID and _SECRET, else on loopback the demo ones. */
export function credentials(baseUrl: string, env: NodeJS.ProcessEnv): { clientId: string; clientSecret: string } {
  const clientId = env.BILLING_CLIENT_ID;
  const clientSecret = env.BILLING_CLIENT_SECRET;
  if (clientId && clientSecret) return { clientId, clientSecret };
  if (loopback(baseUrl)) return { clientId: DEMO_CLIENT_ID, clientSecret: DEMO_CLIENT_SECRET };
  throw new InputError(
    '--base-url is not on this machine: give BILLING_CLIENT_ID and BILLING_CLIENT_SECRET in the environment',
  );
}

const loopback = (url: string) => {
  try {
    return isLoopback(new URL(url).hostname);
  } catch {
    return false; // the client says what is wrong with the URL
  }
};
