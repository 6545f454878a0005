// `mcp [--base-url URL] [--yes]`: the four agent tools (validate, preview, findOperation, describeOperation)
// as a Model Context Protocol server on stdio. stdout carries the protocol only; everything else goes to
// stderr. Previews go to the embedded Local sandbox (started on first use, kept for the session, so a created
// order stays), or with --base-url to that environment (BILLING_CLIENT_ID / BILLING_CLIENT_SECRET, like `test`),
// where creating an order also needs --yes.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  describeOperation,
  fileKind,
  findOperations,
  previewOrderFile,
  validateText,
  type ToolConnection,
} from '../agentTools';
import { TOOL_DESCRIPTIONS, TOOL_INPUTS, TOOL_NAMES } from '../agentTools/inputs';
import * as path from 'path';
import { BillingClient, checkBaseUrl } from '../client';
import { readProjectFile } from '../payloads/projectFile';
import { startSandbox, type Sandbox } from '../sandbox';
import { decodePayload, type ReadResult } from './files';
import { credentialsAt } from './localSandbox';
import { guarded, InputError, type Io } from './io';
import { LineTransport } from './mcpTransport';

export interface McpArgs {
  baseUrl?: string;
  /** Allow creating orders on --base-url (the Local sandbox needs no leave). */
  yes?: boolean;
}

declare const BW_VERSION: string | undefined; // set by esbuild

type Answer = { content: { type: 'text'; text: string }[]; isError?: boolean };
const answer = (data: unknown, isError = false): Answer => ({
  content: [{ type: 'text', text: JSON.stringify(data) }],
  ...(isError ? { isError } : {}),
});
const failure = (message: string): Answer => answer({ error: message }, true);

export async function mcpCommand(args: McpArgs, io: Io, env = process.env, stdin = process.stdin): Promise<number> {
  // Refused before serving, as every command refuses it (plain http off loopback, the service's path in it):
  // else the agent met the refusal only at its first preview, as a tool error.
  if (args.baseUrl) checkBaseUrl(args.baseUrl, 'cli');
  // A Local sandbox there (`sandbox` started it) lends its demo credentials and takes writes without --yes.
  const remote = args.baseUrl ? await remoteCredentials(args.baseUrl, env, io) : undefined;
  const target = new Target(args, remote, io);
  const server = new McpServer({
    name: 'billing-workbench',
    version: typeof BW_VERSION === 'string' ? BW_VERSION : '0.0.0',
  });

  server.registerTool(
    TOOL_NAMES.validate,
    { description: TOOL_DESCRIPTIONS.validate, inputSchema: TOOL_INPUTS.validate },
    async input => {
      if (input.path !== undefined) {
        const read = readToolFile(input.path);
        if (read.error !== undefined) return failure(read.error);
        const kind = input.kind ?? fileKind(input.path);
        if (!kind)
          return failure(
            `${input.path}: name it *.order.json, *.preview.json, *.account.json or *.request.json, or give "kind".`,
          );
        return answer(validateText(read.text, kind, { file: input.path, serviceVersion: env.BILLING_SERVICE_VERSION }));
      }
      if (input.text === undefined || !input.kind)
        return failure('Give "path" (a payload file), or "text" with its "kind" (order, preview, account or request).');
      return answer(validateText(input.text, input.kind, { serviceVersion: env.BILLING_SERVICE_VERSION }));
    },
  );

  server.registerTool(
    TOOL_NAMES.preview,
    { description: TOOL_DESCRIPTIONS.preview, inputSchema: TOOL_INPUTS.preview },
    async (input, extra) => {
      if (input.create && args.baseUrl && !args.yes && !remote?.localSandbox)
        return failure(
          `Creating an order on ${args.baseUrl} writes to that tenant: start the server with --yes to allow it.`,
        );
      const read = readToolFile(input.path);
      if (read.error !== undefined) return failure(read.error);
      try {
        const { client, connection } = await target.client();
        const r = await previewOrderFile(client, connection, input.path, read.text, {
          create: input.create,
          signal: extra.signal,
        });
        return answer(r, !r.sent);
      } catch (e) {
        return failure((e as Error).message); // the client's errors are redacted and say what to do
      }
    },
  );

  server.registerTool(
    TOOL_NAMES.findOperation,
    { description: TOOL_DESCRIPTIONS.findOperation, inputSchema: TOOL_INPUTS.findOperation },
    async input => answer(findOperations(input.query, input.limit)),
  );

  server.registerTool(
    TOOL_NAMES.describeOperation,
    { description: TOOL_DESCRIPTIONS.describeOperation, inputSchema: TOOL_INPUTS.describeOperation },
    async input => {
      const r = describeOperation(input.operation, input.at);
      return answer(r, 'error' in r);
    },
  );

  // Never a silent exit: why it stops is said on stderr, and a failure is exit 1.
  let failed: Error | undefined;
  let unheard = false;
  const out = guarded(process.stdout);
  const closed = new Promise<void>(resolve => {
    server.server.onclose = () => resolve();
    stdin.once('end', () => resolve()); // the agent went away
    stdin.once('error', e => {
      failed = e;
      resolve();
    });
    // Nobody reads the answers (the agent closed its end): no tool runs unheard, a create least of all.
    out.once('error', () => {
      unheard = true;
      resolve();
    });
  });
  server.server.onerror = e => io.err(`mcp: ${e.message}`); // a dropped message, a reply that failed
  await server.connect(new LineTransport(stdin, out));
  io.err(`billing-workbench MCP server on stdio; previews on ${args.baseUrl ?? 'the embedded Local sandbox'}`);
  await closed;
  await server.close();
  await target.close();
  if (failed) {
    io.err(`mcp: stopping: cannot read stdin (${failed.message})`);
    return 1;
  }
  if (unheard) {
    io.err('mcp: the agent closed its end (stdout): stopping');
    return 0;
  }
  io.err('mcp: the agent closed the connection (end of stdin): stopping');
  return 0;
}

/**
 * A file an agent names: inside the folder the server was started in (its workspace), a regular file, at most
 * 10 MB (the rule a scenario's `file` follows), else an error that says which rule.
 */
function readToolFile(file: string, root = process.cwd()): ReadResult {
  const read = readProjectFile(path.resolve(root, file), [root], file);
  return read.problem ? { error: read.problem.message } : decodePayload(read.bytes, file);
}

interface Remote {
  clientId: string;
  clientSecret: string;
  localSandbox: boolean;
}

/** --base-url's credentials: the environment's, else a Local sandbox's demo ones; none is exit 2 before serving. */
async function remoteCredentials(baseUrl: string, env: NodeJS.ProcessEnv, io: Io): Promise<Remote> {
  const c = await credentialsAt(baseUrl, { clientId: env.BILLING_CLIENT_ID, clientSecret: env.BILLING_CLIENT_SECRET });
  if (!c.clientId || !c.clientSecret)
    throw new InputError('--base-url needs BILLING_CLIENT_ID and BILLING_CLIENT_SECRET in the environment');
  if (c.demo) io.err(`using the Local sandbox at ${baseUrl} with its demo credentials`);
  return { clientId: c.clientId, clientSecret: c.clientSecret, localSandbox: c.localSandbox };
}

/** Where previews go: --base-url, or the embedded Local sandbox started on first use. */
class Target {
  private pending: Promise<{ client: BillingClient; connection: ToolConnection }> | undefined;
  private sandbox: Sandbox | undefined;

  constructor(
    private readonly args: McpArgs,
    private readonly remote: Remote | undefined,
    private readonly io: Io,
  ) {}

  client() {
    return (this.pending ??= this.start());
  }

  private async start() {
    const { baseUrl } = this.args;
    if (baseUrl && this.remote) {
      const { clientId, clientSecret } = this.remote;
      const client = new BillingClient({ baseUrl, clientId, clientSecret, surface: 'cli' });
      return { client, connection: { name: baseUrl, kind: 'remote' } };
    }
    this.sandbox = await startSandbox();
    this.io.err(`started the embedded Local sandbox at ${this.sandbox.url}`);
    const { url, clientId, clientSecret } = this.sandbox;
    const client = new BillingClient({ baseUrl: url, clientId, clientSecret, surface: 'cli' });
    return { client, connection: { name: 'Local sandbox', kind: 'local' } };
  }

  async close() {
    const started = await this.pending?.catch(() => undefined);
    await started?.client.close();
    await this.sandbox?.close();
  }
}
