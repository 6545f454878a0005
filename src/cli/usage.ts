// The usage texts: the whole of it (no command, `help`, a wrong word) and each command's own (`<command> --help`).
import { SECRET_ENV_WORDS } from '../scenarios/secretEnv';

declare const BW_VERSION: string | undefined; // set by esbuild from package.json

export const VERSION = typeof BW_VERSION === 'string' ? BW_VERSION : '0.0.0';

const HEAD = 'usage: billing-workbench <command> [options]';

/** Each command's section; preview and create share one (under preview: `send` is no command). */
const SECTIONS = (): Record<string, string> => ({
  validate: `  validate [--format text|json] [--kind order|preview|account|request] [--connection-catalog [--base-url URL]] FILE...
      Check payload files as the service would; exit 0 clean, 1 errors found, 2 usage or read error.
      --connection-catalog also checks plan_id, plan_number and price_id against a product catalog: the
      embedded local sandbox's, or with --base-url that environment's (credentials from BILLING_CLIENT_ID and
      BILLING_CLIENT_SECRET). Ids it does not know are warnings (exit 0); no catalog is exit 2.`,
  preview: `  preview FILE [--format table|json] [--periods N] [--base-url URL] [--max-response-mb MB]
  create FILE [--format table|json] [--base-url URL] [--max-response-mb MB] [--account-name NAME]
      Send a payload. With --base-url, credentials come from BILLING_CLIENT_ID and BILLING_CLIENT_SECRET (a
      Local sandbox there lends its demo ones); without it, the embedded local sandbox is started in-process.
      Exit 1 on an error (decoded), 2 on a usage or input error.
      A preview asks for billing documents over N billing periods (default 3; 0: none) and prints an invoices
      table after the items (json: the service's answer, documents included), unless the file names its own
      metrics or period options (v1: previewTypes or previewThruType and its number or date): they are kept.
      An *.account.json file is created with create (POST /v2/accounts); only order files preview.
      A *.preview.json file creates its order with --account-name NAME: a preview's account_data has no name
      and no bill_to, which an order needs (bill_to is taken from sold_to).
      --max-response-mb (also for test) stops reading an answer past that size with an error (default 64).`,
  endpoints: `  endpoints [QUERY] [--format text|json]
      List the v1 and v2 operations, or those matching QUERY ("write off debit memo"), best first.`,
  sandbox: `  sandbox [--port 0] [--token-ttl S] [--max-concurrent N] [--seed-accounts N] [--data FILE]
          [--latency MS] [--faults 429:0.1,503:0.05,timeout:0.01] [--today YYYY-MM-DD]
          [--headers-timeout MS] [--body-timeout MS] [--catalog FILE]
          [--rounding half-up|half-down|half-even|up|down] [--proration day|month-first]
          [--days-in-month actual|actual-360|30-360]
      Run the local sandbox on loopback (demo credentials are printed); Ctrl+C stops it. --faults answers
      that share of requests 429 or 503 (with Retry-After) or never; --latency delays every answer;
      --today simulates the date (orders without order_date, created times; \`clock\` moves it while it
      runs). A request's headers must arrive within --headers-timeout (5000) and its body within
      --body-timeout (10000) after them (else 408).
      --catalog prices from a connection's catalog instead of the seeded one: a JSON file of GET /v2/plans
      answers (one, or a list of its pages; product and prices expanded) or of their plans.
      The tenant's billing rules, the vendor's defaults unless given: --rounding of every amount and metric to
      the currency's decimals (half-up), --proration of periods longer than a month (day: by day;
      month-first: whole months, then days) and --days-in-month when prorating a month (actual days;
      actual-360: days over 30; 30-360: every month 30 days).`,
  clock: `  clock --base-url URL [--to YYYY-MM-DD | --by "3 months"] [--format text|json]
      Show or move the clock of a running local sandbox (the URL \`sandbox\` printed). Moving it forward makes
      what falls due happen, one line each: terms renew (auto_renew) or expire, paused subscriptions resume on
      their resume date. An earlier --to goes back to the state of that date (the sandbox keeps its state before
      each of its last 100 moves). Credentials from BILLING_CLIENT_ID and BILLING_CLIENT_SECRET, else the demo
      ones on loopback. Exit 0 moved, 1 refused (the reason printed), 2 usage error.`,
  listen: `  listen --base-url URL --forward-to URL [--events OrderProcessed,InvoicePosted,PaymentDeclined,...]
      Register callouts on a running local sandbox (the URL \`sandbox\` printed) for the events named (all by
      default: OrderProcessed, OrderActionProcessed, InvoicePosted, PaymentProcessed, PaymentDeclined,
      RefundProcessed, UsageUploaded, BillRunCompletion), print each event as it happens, forward its body to --forward-to (https, or http on this
      machine) and print that answer's status; a failing answer is retried by the sandbox with back-off.
      Ctrl+C removes the callouts and stops. Credentials as for clock.`,
  test: `  test [FILES|DIRS] [--jobs N] [--reporter text|junit|json|tap|html] [--report FORMAT=FILE]... [--junit-file F]
       [--filter TEXT] [--tag T]... [--dotenv FILE] [--contract] [--base-url URL | --connection NAME [--trust-workspace]] [--yes]
       [--max-response-mb MB] [--shard i/n [--shard-durations REPORT.json]]
       [--data rows.csv|rows.json] [--iterations N] [--bail] [--export FILE]
      Run *.scenario.json files (default: the current folder), each on a fresh embedded local sandbox, or on
      --base-url / --connection (scenarios that write need --yes there; asked once for the whole run). A Local
      sandbox on loopback (\`sandbox\` started it; it says so) needs no --yes, takes its demo credentials unless
      BILLING_CLIENT_ID/SECRET are given, and runs clock, catalog and advance steps.
      --jobs N runs N scenarios at once (default 1); results are reported in file order. On the embedded
      sandboxes each of the N runs on a thread of its own, so N up to your cores makes the run faster (more
      only share them); on --base-url / --connection they share one thread, waiting on the network.
      --shard i/n runs this machine's part of the files (the same split on every machine, by path; balanced by
      the durations of an earlier JSON report with --shard-durations); merge-reports joins the parts.
      --data FILE runs each scenario once per row (CSV with a header line, or a JSON array of objects), the row's
      values as \${data.COLUMN}; --iterations N runs each N times (with --data: N x rows); each run is a test of
      its own ("Name [row 2: plan=gold] (iteration 2/3)"). --bail stops at the first failure (the runs not
      started are reported skipped). --export FILE writes every run's captures as JSON, secrets masked.
      --reporter prints one format on stdout; --report FORMAT=FILE writes one more (repeatable; its folder is
      created); --junit-file F is --report junit=F. html is one self-contained file.
      --contract fails a step whose answer departs from its operation's published response schema (a field
      the contract does not list, a required one missing, another type, an undeclared status).
      --filter keeps scenarios whose name or path contains TEXT (any case); --tag keeps those with any of the tags.
      --dotenv FILE reads KEY=VALUE lines (dotenv's rules: quotes, \\" and \\n in double quotes, # comments) for
      \${env.NAME} and the credentials; the real environment wins over it. --env-file FILE is the same, but Node
      itself claims that name: it stops (exit 9, "node: FILE: not found") on a missing file before the CLI runs.
      Values of names (variables, --data columns) containing ${secretNames()} (any case: DB_PASS) are masked in every
      report; so are the values of an answer's secret fields (card numbers, IBAN, tokens) wherever they appear later.
      --connection NAME takes the URL of an editor connection (the editor writes their names and URLs to its
      global storage; BILLING_WORKBENCH_CONNECTIONS names another file), else of "billingWorkbench.connections"
      in your VS Code user settings (BILLING_WORKBENCH_SETTINGS names another file); one only the workspace's
      .vscode/settings.json defines is refused unless --trust-workspace. The secret comes only from BILLING_CLIENT_SECRET.
      Exit 0 all passed, 1 a check failed, 2 usage or input error (a scenario with findings is not run, a
      report that cannot be written), 3 the service could not be reached or answered an error no step
      expected, 4 interrupted (Ctrl+C or SIGTERM stops every running scenario; the reports are written, each
      saying INTERRUPTED), 130 or 143 a second Ctrl+C or SIGTERM (exits at once; no report is left cut short).`,
  'merge-reports': `  merge-reports DIR|FILE... [--reporter text|junit|json|tap|html] [--report FORMAT=FILE]... [--junit-file F]
       [--allow-partial]
      Join the JSON reports of \`test --shard i/n\` (files, or folders searched for *.json) into one report, in
      the unsharded run's order, with its totals and its exit code (0, 1, 2, 3 or 4 as test). Reports of other
      runs are refused (exit 2); a missing shard is named and exits 2 unless --allow-partial.`,
  mcp: `  mcp [--base-url URL] [--yes]
      Serve the agent tools (validate, preview, findOperation, describeOperation) to a chat agent over the Model
      Context Protocol on stdio (stdout is the protocol; messages go to stderr). Previews run on the embedded
      local sandbox, or on --base-url (credentials from BILLING_CLIENT_ID and BILLING_CLIENT_SECRET), where
      creating an order also needs --yes; a Local sandbox there needs neither. Exit 0 when the agent closes the
      connection.`,
});

/** The commands the CLI runs, as the whole usage lists them. */
export const COMMANDS = [
  'validate',
  'preview',
  'create',
  'endpoints',
  'sandbox',
  'clock',
  'listen',
  'test',
  'merge-reports',
  'mcp',
] as const;

/** The whole usage, or one command's (undefined for a word that is no command: `send`, `toString`). */
export function usage(command?: string): string | undefined {
  const sections = SECTIONS();
  if (command === undefined) {
    const all = Object.values(sections).join('\n\n');
    return `${HEAD}\n\n${all}\n\n  --version prints the version; <command> --help prints that command's usage.`;
  }
  if (!(COMMANDS as readonly string[]).includes(command)) return undefined; // own keys only, never Object's
  const section = sections[command === 'create' ? 'preview' : command];
  return `usage: billing-workbench${section.replace(/^ {2}/, ' ')}`;
}

/** The secret-name rule as the scenarios apply it: "SECRET, TOKEN, ... or SIGNATURE". */
function secretNames(): string {
  const words = SECRET_ENV_WORDS;
  return `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}
