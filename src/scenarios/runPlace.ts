// Where one run of a scenario sends its steps: a fresh embedded Local sandbox of its own (in memory, at the
// scenario's `today`; a `reset` step swaps in another), or the connection's client. A connection that is a Local
// sandbox reached by URL (`sandbox` started it) takes the sandbox's control steps too; a `reset` asks it to make
// itself afresh (POST /_sandbox/reset, at the scenario's `today` when it has one).
import { BillingClient, type ApiResponse, type CallOptions, type Surface } from '../client';
import { startSandbox, type Sandbox } from '../sandbox';
import { RESET_PATH, type ResetRequest } from '../wire/sandboxReset';

/** The connection a run writes to, for the question asked before it. */
export interface ConnectionInfo {
  name: string;
  baseUrl: string;
  production: boolean;
  /** A Local sandbox reached by URL (loopback, and it says so): control steps run, writes need no question. */
  localSandbox?: boolean;
}

export type RunTarget = { kind: 'local' } | { kind: 'connection'; client: BillingClient; connection: ConnectionInfo };

export interface RunPlace {
  /** The client of the steps (after a reset, the new sandbox's). */
  client: BillingClient;
  /** As reports name it: "Local sandbox (fresh, today 2027-01-01)", or the connection's name. */
  target: string;
  /** Control steps (advance, clock, catalog, reset) may run: the embedded sandbox, or a Local sandbox reached by URL. */
  sandbox: boolean;
  /** How a `reset` step runs here (a Local sandbox only). */
  reset?: PlaceReset;
  close(): Promise<void>;
}

/**
 * The embedded sandbox is swapped for a fresh one (no HTTP call: nothing to record); a Local sandbox reached by
 * URL is asked to make itself afresh, with `body`.
 */
export interface PlaceReset {
  local: boolean;
  body?: ResetRequest;
  send(client: BillingClient, o: CallOptions): Promise<ApiResponse<unknown>>;
}

export interface PlaceOptions {
  target: RunTarget;
  surface?: Surface;
  maxResponseBytes?: number;
}

export async function openPlace(opts: PlaceOptions, today: string | undefined): Promise<RunPlace> {
  if (opts.target.kind === 'connection') {
    const { client, connection } = opts.target;
    // A real environment has its own date, and so has a sandbox that another process runs (until a reset step).
    const target = connection.name + (today ? ` (its own today, not ${today})` : '');
    const place: RunPlace = { client, target, sandbox: !!connection.localSandbox, close: async () => undefined };
    if (connection.localSandbox) {
      const body: ResetRequest = today ? { today } : {};
      place.reset = {
        local: false,
        body,
        send: (c, o) => c.send({ method: 'POST', path: RESET_PATH }, { ...o, body }),
      };
    }
    return place;
  }
  const start = async () => {
    const sandbox = await startSandbox({ today }); // in memory: nothing of another run is seen, nothing is kept
    const { url: baseUrl, clientId, clientSecret } = sandbox;
    const { surface, maxResponseBytes } = opts;
    return { sandbox, client: new BillingClient({ baseUrl, clientId, clientSecret, surface, maxResponseBytes }) };
  };
  let now: { sandbox: Sandbox; client: BillingClient } | undefined = await start();
  const stop = async () => {
    const was = now;
    now = undefined;
    if (!was) return;
    await was.client.close();
    await was.sandbox.close();
  };
  const place: RunPlace = {
    client: now.client,
    target: `Local sandbox (fresh${today ? `, today ${today}` : ''})`,
    sandbox: true,
    reset: {
      local: true,
      send: async () => {
        await stop();
        now = await start();
        place.client = now.client;
        const data = { today: now.sandbox.clock.today() };
        const request = { method: 'RESET', url: now.sandbox.url, headers: {} };
        return { status: 200, data, ms: 0, attempts: 1, request, headers: {} };
      },
    },
    close: stop,
  };
  return place;
}
