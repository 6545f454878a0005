// The command line: the same core as the editor, for terminals and CI.
//   node dist/cli.js validate [--format text|json] [--kind order|preview|account|request] [--connection-catalog] FILE...
import { parseArgs } from 'util';
import { validateCommand } from './cli/validate';
import { sandboxCommand } from './cli/sandbox';
import { clockCommand } from './cli/clock';
import { sendCommand } from './cli/send';
import { endpointsCommand } from './cli/endpoints';
import { parseTestArgs, testCommand } from './cli/test';
import { mcpCommand } from './cli/mcp';
import { InputError, maxResponseOption, stdio, UsageError, type Io } from './cli/io';
import { fileErrorMessage, isFileSystemError } from './cli/files';

export { writeSchemaFiles } from './schemas/jsonSchemas';

const USAGE = `usage: billing-workbench <command> [options]

  validate [--format text|json] [--kind order|preview|account|request] [--connection-catalog [--base-url URL]] FILE...
      Check payload files as the service would; exit 0 clean, 1 errors found, 2 usage or read error.
      --connection-catalog also checks plan_id, plan_number and price_id against a product catalog: the
      embedded local sandbox's, or with --base-url that environment's (credentials from BILLING_CLIENT_ID and
      BILLING_CLIENT_SECRET). Ids it does not know are warnings (exit 0); no catalog is exit 2.

  preview FILE [--format table|json] [--periods N] [--base-url URL] [--max-response-mb MB]
  create FILE [--format table|json] [--base-url URL] [--max-response-mb MB]
      Send a payload. With --base-url, credentials come from BILLING_CLIENT_ID and BILLING_CLIENT_SECRET;
      without it, the embedded local sandbox is started in-process. Exit 1 on an error (decoded), 2 on a usage
      or input error.
      A preview asks for billing documents over N billing periods (default 3; 0: none) and prints an invoices
      table after the items (json: the service's answer, documents included), unless the file names its own
      metrics or period options (v1: previewTypes or previewThruType and its number or date): they are kept.
      An *.account.json file is created with create (POST /v2/accounts); only order files preview.
      --max-response-mb (also for test) stops reading an answer past that size with an error (default 64).

  endpoints [QUERY] [--format text|json]
      List the v1 and v2 operations, or those matching QUERY ("write off debit memo"), best first.

  sandbox [--port 0] [--token-ttl S] [--max-concurrent N] [--seed-accounts N] [--data FILE]
          [--latency MS] [--faults 429:0.1,503:0.05,timeout:0.01] [--today YYYY-MM-DD]
          [--headers-timeout MS] [--body-timeout MS] [--catalog FILE]
      Run the local sandbox on loopback (demo credentials are printed); Ctrl+C stops it. --faults answers
      that share of requests 429 or 503 (with Retry-After) or never; --latency delays every answer;
      --today simulates the date (orders without order_date, created times; \`clock\` moves it while it
      runs). A request's headers must arrive within --headers-timeout (5000) and its body within
      --body-timeout (10000) after them (else 408).
      --catalog prices from a connection's catalog instead of the seeded one: a JSON file of GET /v2/plans
      answers (one, or a list of its pages; product and prices expanded) or of their plans.

  clock --base-url URL [--to YYYY-MM-DD | --by "3 months"] [--format text|json]
      Show or move the clock of a running local sandbox (the URL \`sandbox\` printed). Moving it forward makes
      what falls due happen, one line each: terms renew (auto_renew) or expire, paused subscriptions resume on
      their resume date. An earlier --to goes back to the state of that date (the sandbox keeps its state before
      each of its last 100 moves). Credentials from BILLING_CLIENT_ID and BILLING_CLIENT_SECRET, else the demo
      ones on loopback. Exit 0 moved, 1 refused (the reason printed), 2 usage error.

  test [FILES|DIRS] [--jobs N] [--reporter text|junit|json|tap|html] [--report FORMAT=FILE]... [--junit-file F]
       [--filter TEXT] [--tag T]... [--env-file FILE] [--contract] [--base-url URL | --connection NAME [--trust-workspace]] [--yes]
       [--max-response-mb MB]
      Run *.scenario.json files (default: the current folder), each on a fresh embedded local sandbox, or on
      --base-url / --connection (scenarios that write need --yes there; asked once for the whole run).
      --jobs N runs N scenarios at once (default 1); results are reported in file order.
      --reporter prints one format on stdout; --report FORMAT=FILE writes one more (repeatable; its folder is
      created); --junit-file F is --report junit=F. html is one self-contained file.
      --contract fails a step whose answer departs from its operation's published response schema (a field
      the contract does not list, a required one missing, another type, an undeclared status).
      --filter keeps scenarios whose name or path contains TEXT (any case); --tag keeps those with any of the tags.
      --env-file reads KEY=VALUE lines for \${env.NAME} and the credentials; the real environment wins over it.
      Values of names with SECRET, TOKEN, PASSWORD or KEY are masked in every report.
      --connection NAME takes the URL of an editor connection (the editor writes their names and URLs to its
      global storage; BILLING_WORKBENCH_CONNECTIONS names another file), else of "billingWorkbench.connections"
      in your VS Code user settings (BILLING_WORKBENCH_SETTINGS names another file); one only the workspace's
      .vscode/settings.json defines is refused unless --trust-workspace. The secret comes only from BILLING_CLIENT_SECRET.
      Exit 0 all passed, 1 a check failed, 2 usage or input error (a scenario with findings is not run, a
      report that cannot be written), 3 the service could not be reached or answered an error no step
      expected, 4 interrupted (Ctrl+C stops every running scenario).

  mcp [--base-url URL] [--yes]
      Serve the agent tools (validate, preview, findOperation, describeOperation) to a chat agent over the Model
      Context Protocol on stdio (stdout is the protocol; messages go to stderr). Previews run on the embedded
      local sandbox, or on --base-url (credentials from BILLING_CLIENT_ID and BILLING_CLIENT_SECRET), where
      creating an order also needs --yes. Exit 0 when the agent closes the connection.`;

export async function main(argv: string[], io: Io = stdio): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'validate': {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: {
            format: { type: 'string', default: 'text' },
            kind: { type: 'string' },
            'connection-catalog': { type: 'boolean' },
            'base-url': { type: 'string' },
          },
        });
        const catalog = { connectionCatalog: values['connection-catalog'], baseUrl: values['base-url'] };
        return await validateCommand({ files: positionals, format: values.format!, kind: values.kind, ...catalog }, io);
      }
      case 'preview':
      case 'create': {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: {
            format: { type: 'string', default: 'table' },
            'base-url': { type: 'string' },
            periods: { type: 'string' },
            'max-response-mb': { type: 'string' },
          },
        });
        if (positionals.length > 1) throw new UsageError(`${command} takes one FILE`);
        const periods = periodsOption(command, values.periods);
        const maxResponseBytes = maxResponseOption(values['max-response-mb']);
        return await sendCommand(
          command,
          { file: positionals[0], format: values.format!, baseUrl: values['base-url'], periods, maxResponseBytes },
          io,
        );
      }
      case 'endpoints': {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: { format: { type: 'string', default: 'text' } },
        });
        return endpointsCommand(positionals.join(' ') || undefined, values.format!, io);
      }
      case 'sandbox': {
        const names = [
          'port',
          'token-ttl',
          'max-concurrent',
          'seed-accounts',
          'data',
          'latency',
          'faults',
          'today',
          'headers-timeout',
          'body-timeout',
          'catalog',
        ];
        const options = Object.fromEntries(names.map(k => [k, { type: 'string' as const }]));
        const { values } = parseArgs({ args: rest, options });
        try {
          return await sandboxCommand(values as Record<string, string | undefined>, io);
        } catch (e) {
          if (!isFileSystemError(e) || !values.data) throw e;
          io.err(`error: --data ${fileErrorMessage(e, values.data, true)}`); // the path given, not a temporary file
          return 2;
        }
      }
      case 'clock': {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: {
            'base-url': { type: 'string' },
            to: { type: 'string' },
            by: { type: 'string' },
            format: { type: 'string', default: 'text' },
          },
        });
        if (positionals.length) throw new UsageError(`clock takes no FILE ("${positionals[0]}"): give --to or --by`);
        const { to, by, format } = values;
        return await clockCommand({ baseUrl: values['base-url'], to, by, format: format! }, io);
      }
      case 'test':
        return await testCommand(parseTestArgs(rest), io);
      case 'mcp': {
        const { values } = parseArgs({
          args: rest,
          options: { 'base-url': { type: 'string' }, yes: { type: 'boolean', default: false } },
        });
        return await mcpCommand({ baseUrl: values['base-url'], yes: values.yes }, io);
      }
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.out(USAGE);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (e) {
    if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(`error: ${(e as Error).message}\n\n${USAGE}`);
      return 2;
    }
    if (e instanceof InputError || isConfigError(e)) {
      io.err(`error: ${e.message}\n(see --help)`); // the words were right: a hint, not the whole usage
      return 2;
    }
    if (isFileSystemError(e)) {
      io.err(`error: ${fileErrorMessage(e)}`); // e.g. a --data path that is a folder: say so, not EISDIR
      return 2;
    }
    io.err(`error: ${(e as Error).message}`);
    return 1;
  }
}

/** `--periods N`: a whole number, 0 or more, for preview only. */
function periodsOption(command: 'preview' | 'create', value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (command !== 'preview') throw new UsageError('--periods is for preview (what a preview bills), not create');
  const n = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n))
    throw new UsageError(`--periods must be a whole number, 0 or more, not "${value}"`);
  return n;
}

/** The client's refusal of a --base-url (not a URL, plain http to a remote host). By name: each subcommand's
 * bundle has its own copy of the client, so instanceof would not see it. */
const isConfigError = (e: unknown): e is Error =>
  e instanceof Error && e.name === 'ApiError' && (e as Error & { kind?: string }).kind === 'config';

if (require.main === module) {
  main(process.argv.slice(2)).then(code => {
    process.exitCode = code;
  });
}
