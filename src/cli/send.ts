// `preview FILE [--format table|json] [--periods N]` and `create FILE`: against --base-url with BILLING_CLIENT_ID /
// BILLING_CLIENT_SECRET from the environment (a secret is never a flag; a Local sandbox there needs none), or the
// embedded local sandbox.
// An order or preview file previews and creates an order; an account file creates an account (POST
// /v2/accounts) and has nothing to preview.
import {
  ApiError,
  asksForBillingDocuments,
  BillingClient,
  checkBaseUrl,
  previewBillingDocuments,
  summarizePreview,
  v1PreviewAsV2,
  type ApiResponse,
  type PreviewResponse,
} from '../client';
import { startSandbox } from '../sandbox';
import * as path from 'node:path';
import {
  contactLabel,
  createBody,
  isRequestFile,
  needsMessage,
  orderNeeds,
  withAccount,
  isV1OrderOperation,
  previewBody,
  requestFindings,
  v1CreateBody,
  v1CreatedOrder,
  v1NeedsMessage,
  v1OrderNeeds,
  v1PreviewBody,
} from '../payloads';
import {
  findingCounts,
  kindFromFileName,
  validate,
  formatPath,
  type AccountData,
  type OrderRequestBody,
  type PayloadKind,
  type PreviewRequestBody,
} from '../schemas';
import { Locator } from '../schemas/locate';
import { formatMoney } from '../wire/money';
import { readPayloadFile } from './files';
import { lineColumn } from './lines';
import { previewTable } from './table';
import { InputError, UsageError, type Io } from './io';
import { credentialsAt } from './localSandbox';
import { requestLog } from './requestLog';

export interface SendArgs {
  file?: string;
  format: string;
  baseUrl?: string;
  /** Billing periods a preview asks billing documents for (0: none); undefined: the default. */
  periods?: number;
  /** The largest answer read (--max-response-mb); undefined: the client's default. */
  maxResponseBytes?: number;
  /** create of a preview file: the new account's name (--account-name); bill_to is taken from sold_to. */
  accountName?: string;
}

export async function sendCommand(
  command: 'preview' | 'create',
  args: SendArgs,
  io: Io,
  env = process.env,
): Promise<number> {
  if (!args.file) throw new UsageError(`${command} needs a FILE`);
  if (!['table', 'json'].includes(args.format)) {
    throw new UsageError(`--format must be table or json, not "${args.format}"`);
  }
  const fileKind = kindFromFileName(args.file);
  if (command === 'preview' && fileKind === 'account') {
    io.err(
      `${args.file}: only order files (*.order.json, *.preview.json) can be previewed; ` +
        `an account file is sent with "create ${args.file}"`,
    );
    return 2;
  }
  const read = readPayloadFile(args.file);
  if (read.error !== undefined) {
    io.err(read.error);
    return 2;
  }
  const text = read.text;
  if (isRequestFile(args.file)) {
    const send = v1OrderSend(command, args, text, io);
    return typeof send === 'number' ? send : sendWith(args, io, env, send);
  }
  const kind: PayloadKind = fileKind === 'account' ? 'account' : command === 'preview' ? 'preview' : 'order';
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(text);
  } catch (e) {
    io.err(`${args.file}: not valid JSON (${(e as Error).message}); run "validate" for the exact place`);
    return 2; // an input error, like a file that cannot be read
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const what = value === null ? 'null' : Array.isArray(value) ? 'a list' : `a ${typeof value}`;
    io.err(`${args.file}: a payload file holds one JSON object ({ ... }), not ${what}`);
    return 2;
  }
  // The editor's rules: an order file previews with metrics added; a preview file creates the same order.
  let body =
    kind === 'account' ? value : command === 'preview' ? previewBody(value, fileKind, args.periods) : createBody(value);
  if (command === 'create' && fileKind === 'preview') {
    const filled = filledFromPreview(args, body, io);
    if (typeof filled === 'number') return filled;
    body = filled;
  }
  const errors = validate(JSON.stringify(body), kind).filter(f => f.severity === 'error');
  if (errors.length) {
    // The body checked is the file's with what the command adds (metrics): each finding is placed in the file,
    // where validate places it, and they are listed in the order of the text.
    const places = new Locator(
      text,
      true,
      errors.map(f => f.path),
      value,
    );
    const target = (code: string) =>
      code === 'unknown-field' ? 'key' : code === 'missing-field' ? 'parentKey' : 'value';
    const placed = errors.map(f => ({ f, offset: places.locate(f.path, target(f.code)).offset }));
    // In the order of the text; the count of those not listed (more-findings) stays last, as validate prints it.
    const order = (a: (typeof placed)[number]) => (a.f.omitted ? Infinity : a.offset);
    for (const { f, offset } of placed.sort((a, b) => order(a) - order(b))) {
      const where = f.path.length ? ` (${formatPath(f.path)})` : '';
      const at = lineColumn(text, offset);
      io.err(`${args.file}:${at.line}:${at.column}: ${f.message}${where} [${f.code}]`);
    }
    io.err(`not sent: fix the ${findingCounts(errors).errors} error(s) above (the service would reject them)`);
    return 1;
  }

  return sendWith(args, io, env, async client => {
    if (command === 'preview') {
      const r = await client.preview(body as PreviewRequestBody);
      const table = () => previewTable(r.data, body as PreviewRequestBody, billed(io, body, r.data, r.data));
      io.out(args.format === 'json' ? JSON.stringify(r.data, null, 2) : table());
      io.err(`${r.status} in ${r.ms} ms, Service-Request-Id ${r.requestId ?? '-'}`);
    } else if (kind === 'account') {
      const r = await client.createAccount(body as AccountData);
      const created = `created account ${r.data.account_number} (${r.data.name}, ${r.data.currency})`;
      io.out(args.format === 'json' ? JSON.stringify(r.data, null, 2) : created);
      io.err(`${r.status} in ${r.ms} ms, Service-Request-Id ${r.requestId ?? '-'}`);
    } else {
      const r = await client.createOrder(body as OrderRequestBody);
      const subscriptions = r.data.subscriptions.map(s => `${s.subscription_number} (${s.state})`).join(', ');
      const account = args.format === 'json' ? '' : ` for ${await accountOf(client, body, r.data.account_id)}`;
      const created = `created order ${r.data.order_number}${account} with ${subscriptions || 'no subscriptions'}`;
      io.out(args.format === 'json' ? JSON.stringify(r.data, null, 2) : [created, ...billedWith(r.data)].join('\n'));
      io.err(`${r.status} in ${r.ms} ms, Service-Request-Id ${r.requestId ?? '-'}`);
    }
  });
}

/**
 * The order's account by its number: the body's, or a new account's, which v2's answer names only by id (one read
 * more; the id when that read fails, as the order was made all the same).
 */
async function accountOf(client: BillingClient, body: unknown, id: string | undefined): Promise<string> {
  const given = (body as { account_number?: unknown }).account_number;
  if (typeof given === 'string') return given;
  if (!id) return 'its new account';
  try {
    return `new account ${(await client.getAccount(id)).data.account_number}`;
  } catch {
    return `new account ${id}`;
  }
}

type Doc = { total?: number; balance?: number; currency?: string; state?: string };
interface ArTransactions {
  invoice_numbers?: string[];
  invoices?: Doc;
  credit_memo_numbers?: string[];
  payments?: { payment_number?: string; state?: { failed?: string }; payments?: Doc & { amount?: number } }[];
}

/** What an order billed and collected with it (processing_options): its subscriptions' ar_transactions, if any. */
function billedWith(order: unknown): string[] {
  const subs = (order as { subscriptions?: { ar_transactions?: ArTransactions }[] }).subscriptions ?? [];
  const ar = subs.find(s => s.ar_transactions)?.ar_transactions; // each subscription shows the order's one bill
  if (!ar) return [];
  const inv = ar.invoices;
  const total = inv?.total !== undefined ? `: ${formatMoney(inv.total, inv.currency)}` : '';
  const due = inv?.balance !== undefined ? `, balance ${formatMoney(inv.balance, inv.currency)}` : '';
  const numbers = [...(ar.invoice_numbers ?? []), ...(ar.credit_memo_numbers ?? [])].join(', ');
  const lines = [
    numbers
      ? `billed ${numbers}${total}${due}${inv?.state === 'draft' ? ' (draft)' : ''}`
      : 'billed nothing: nothing was due yet',
  ];
  for (const p of ar.payments ?? []) {
    const amount = p.payments?.amount !== undefined ? ` ${formatMoney(p.payments.amount, p.payments.currency)}` : '';
    lines.push(
      p.state?.failed
        ? `payment ${p.payment_number}${amount} failed: ${p.state.failed}`
        : `collected ${p.payment_number}${amount}`,
    );
  }
  return lines;
}

/**
 * A preview file's create body with what an order needs and a preview lacks (account_data's name and
 * bill_to), as the editor's Create says it: the fields named, then --account-name fills them (bill_to from
 * sold_to). A number is the exit code when nothing is sent.
 */
function filledFromPreview(args: SendArgs, body: Record<string, unknown>, io: Io): Record<string, unknown> | number {
  const needs = orderNeeds(body);
  if (!needs.missing.length) return body;
  const { name, billTo } = needs.suggested;
  const accountName = args.accountName?.trim();
  if (accountName && billTo) return withAccount(body, { name: accountName, billTo });
  io.err(`${args.file}: ${needsMessage(path.basename(args.file!), needs.missing)}.`);
  if (!billTo) {
    io.err('  no sold_to to take bill_to from: write the order as an *.order.json file with name and bill_to');
    return 1;
  }
  const suggested = JSON.stringify(name ?? 'Account name');
  io.err(
    `  to create it: create ${args.file} --account-name ${suggested} (bill_to is taken from sold_to: ${contactLabel(billTo)})`,
  );
  io.err('not sent: the service would reject it');
  return 1;
}

/** What one send does with a client: prints its answer. */
type Send = (client: BillingClient) => Promise<void>;

/** Sends with a client for --base-url (credentials from the environment) or the embedded Local sandbox. */
async function sendWith(args: SendArgs, io: Io, env: NodeJS.ProcessEnv, send: Send): Promise<number> {
  let sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;
  const requests = requestLog(io);
  let client: BillingClient;
  if (args.baseUrl) {
    checkBaseUrl(args.baseUrl, 'cli'); // first: nothing is sent to a URL the client refuses, not even the probe
    // Without credentials, a Local sandbox (`sandbox` started it) lends its demo ones, as to `test` and `clock`;
    // with them, it is not even asked: nothing is sent but the work.
    const given = { clientId: env.BILLING_CLIENT_ID, clientSecret: env.BILLING_CLIENT_SECRET };
    const both = !!given.clientId && !!given.clientSecret;
    const { clientId, clientSecret, demo } = both
      ? { ...given, demo: false }
      : await credentialsAt(args.baseUrl, given);
    if (!clientId || !clientSecret) {
      throw new InputError('--base-url needs BILLING_CLIENT_ID and BILLING_CLIENT_SECRET in the environment');
    }
    if (demo) io.err(`using the Local sandbox at ${args.baseUrl} with its demo credentials`);
    const { log, onRetry } = requests;
    const { maxResponseBytes } = args;
    client = new BillingClient({
      baseUrl: args.baseUrl,
      clientId,
      clientSecret,
      log,
      onRetry,
      surface: 'cli',
      maxResponseBytes,
    });
  } else {
    sandbox = await startSandbox();
    io.err(`using the embedded local sandbox at ${sandbox.url} (pass --base-url for a real environment)`);
    const { url: baseUrl, clientId, clientSecret } = sandbox;
    client = new BillingClient({
      baseUrl,
      clientId,
      clientSecret,
      surface: 'cli',
      maxResponseBytes: args.maxResponseBytes,
    });
  }
  try {
    await send(client);
    requests.flush();
    return 0;
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    requests.flush(e.message); // the failed request's line says the same: print it once
    io.err(`error: ${e.message}`);
    return e.kind === 'config' ? 2 : 1;
  } finally {
    await client.close();
    await sandbox?.close();
  }
}

/**
 * A v1 order request file: POST /v1/orders/preview previews (a POST /v1/orders file previews the same order),
 * POST /v1/orders creates (a preview file creates its order). Checked first, as the editor does; a number
 * is the exit code when nothing is sent.
 */
function v1OrderSend(command: 'preview' | 'create', args: SendArgs, text: string, io: Io): Send | number {
  let file: { operation?: unknown; body?: unknown };
  try {
    file = JSON.parse(text);
  } catch (e) {
    io.err(`${args.file}: not valid JSON (${(e as Error).message}); run "validate" for the exact place`);
    return 2;
  }
  if (!isV1OrderOperation(file?.operation) || typeof file.body !== 'object' || !file.body) {
    io.err(
      `${args.file}: only request files for POST /v1/orders/preview or POST /v1/orders (with a "body") ` +
        `${command === 'preview' ? 'preview' : 'create an order'}; send other operations from the editor`,
    );
    return 2;
  }
  const errors = requestFindings(text).filter(f => f.severity === 'error');
  if (errors.length) {
    for (const f of errors) {
      const at = lineColumn(text, f.offset);
      io.err(`${args.file}:${at.line}:${at.column}: ${f.message} (${formatPath(f.path)}) [${f.code}]`);
    }
    io.err(`not sent: fix the ${findingCounts(errors).errors} error(s) above (the service would reject them)`);
    return 1;
  }
  const body = file.body as Record<string, unknown>;
  const done = (r: ApiResponse<unknown>, shown: string) => {
    io.out(args.format === 'json' ? JSON.stringify(r.data, null, 2) : shown);
    io.err(`${r.status} in ${r.ms} ms, Service-Request-Id ${r.requestId ?? '-'}`);
  };
  if (command === 'preview')
    return async client => {
      const sent = v1PreviewBody(body, args.periods);
      const r = await client.previewV1(sent);
      const figures = v1PreviewAsV2(r.data.previewResult, body);
      done(r, args.format === 'json' ? '' : previewTable(figures, {}, billed(io, sent, r.data, figures, 'v1')));
    };
  const created = v1CreateBody(body);
  const needs = v1OrderNeeds(body, created);
  if (needs.missing.length || needs.errors.length) {
    // What the editor's Create asks for, said before anything is sent (POST /v1/orders checked as the editor does).
    if (needs.missing.length) io.err(`${args.file}: ${v1NeedsMessage(path.basename(args.file!), needs.missing)}.`);
    if (needs.missing.length)
      io.err(
        '  to create it: add newAccount (or existingAccountNumber) to the body, or Create from the editor, which asks',
      );
    for (const f of needs.errors) io.err(`${args.file}: ${f.message} (body.${formatPath(f.path)}) [${f.code}]`);
    io.err('not sent: the service would reject it');
    return 1;
  }
  return async client => {
    const r = await client.createOrderV1(created);
    const facts = v1CreatedOrder(r.data);
    const subscriptions = facts.subscriptions.map(s => (s.state ? `${s.number} (${s.state})` : s.number)).join(', ');
    done(r, `created order ${facts.orderNumber} with ${subscriptions || 'no subscriptions'}`);
  };
}

/**
 * The billing documents of a preview's answer, for the table; when they were asked for and none came back,
 * stderr says so (stdout stays the table).
 */
function billed(io: Io, body: unknown, answer: unknown, figures: PreviewResponse, api?: 'v1') {
  const currencies = summarizePreview(figures).totals.map(t => t.currency);
  const documents = previewBillingDocuments(answer, body, currencies, api);
  if (!documents.length && asksForBillingDocuments(body, api))
    io.err('no billing documents in the answer (asked for them: the invoices table is left out)');
  return documents;
}
