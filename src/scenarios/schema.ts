// *.scenario.json: a named list of steps, each a call with checks on its answer. The zod schema is the one
// source of truth: the loader parses with it and the editor's JSON Schema is generated from it.
import * as z from 'zod';
import { findReferences } from './references';
import { SECRET_ENV_WORDS } from './secretEnv';

const described = <T extends z.ZodType>(schema: T, description: string): T => {
  z.globalRegistry.add(schema, { description });
  return schema;
};
const text = (description: string) => described(z.string(), description);

export const STEP_KINDS = [
  'preview',
  'createOrder',
  'createAccount',
  'getOrder',
  'getAccount',
  'operation',
  'advance',
  'clock',
  'catalog',
  'reset',
  'callout',
] as const;
export type StepKind = (typeof STEP_KINDS)[number];

export const VALUE_TYPES = ['string', 'number', 'boolean', 'object', 'array', 'null'] as const;

/** A bound: a number, or text compared as text (ISO dates and times compare in date order). */
const bound = (description: string) => described(z.union([z.number(), z.string()]), description);

/**
 * A value of the answer, at a JSON path of its body or in one of its headers: equal to a value, present (or
 * absent), matching a pattern, of a type, a list of a length, above or below a bound, holding a value.
 */
export const ValueCheck = z
  .strictObject({
    path: text(
      'Where in the answer, such as `subscriptions[0].state` or `$.order_number` (empty or `$`: the whole answer).',
    ).optional(),
    header: text(
      'A header of the answer instead of a path, such as `x-request-id` (any case); its value is text.',
    ).optional(),
    equals: described(z.unknown(), 'The value expected there (compared as JSON).').optional(),
    exists: described(z.boolean(), '`true`: a value must be there; `false`: nothing may be there.').optional(),
    matches: text('A regular expression the value (as text) must match, such as `^O\\d{8}$`.').optional(),
    count: described(
      z.union([
        z.int().min(0),
        z.strictObject({
          greaterThan: described(z.number(), 'The list has more items than this.').optional(),
          lessThan: described(z.number(), 'The list has fewer items than this.').optional(),
        }),
      ]),
      'How many items the list there has: a number, or `{ "greaterThan": 0 }` / `{ "lessThan": 10 }`.',
    ).optional(),
    type: described(
      z.enum(VALUE_TYPES),
      'The JSON type of the value: `string`, `number`, `boolean`, `object`, `array` or `null`.',
    ).optional(),
    lessThan: bound(
      'The value is below this: a number, or text compared as text (ISO dates such as `2027-01-01` compare in date order).',
    ).optional(),
    greaterThan: bound(
      'The value is above this: a number, or text compared as text (ISO dates such as `2027-01-01` compare in date order).',
    ).optional(),
    includes: described(
      z.unknown(),
      'A list there holds this value (compared as JSON), or the text there contains this text.',
    ).optional(),
  })
  .register(z.globalRegistry, {
    description:
      'A check of one value of the answer (at `path` or in a `header`): `equals`, `exists`, `matches`, `count`, `type`, `lessThan`, `greaterThan` or `includes`.',
  });

/** A time span: `"500ms"`, `"2s"`, `"1m"`, or a number of milliseconds. */
const span = (description: string) => described(z.union([z.number(), z.string()]), description);

/**
 * An amount expected: a number, or a string that is one reference (`${data.mrr}`, `${quote.total}`), which takes
 * the value it names (a data file's column, an earlier answer's number); a numeric text from a CSV counts as its
 * number.
 */
const amount = (description: string) =>
  described(
    z.union([z.number(), z.string().regex(/^\$\{[^}]+\}$/, 'a number, or one reference such as ${data.mrr}')]),
    `${description} A number, or one reference such as \`\${data.mrr}\`.`,
  );

/** A preview's delta MRR and TCB, summed per currency over every item (src/client/summary.ts). */
export const TotalsCheck = z
  .strictObject({
    currency: text('Currency code of the totals, such as USD.'),
    mrr: amount('Expected total delta MRR (net) in this currency.').optional(),
    tcb: amount('Expected total delta TCB (net) in this currency.').optional(),
  })
  .register(z.globalRegistry, { description: "Expected totals of a preview's delta metrics in one currency." });

/** One billing document a preview lists (src/client/billingDocuments.ts), in the answer's date order. */
export const BILLING_DOCUMENT_TYPES = ['invoice', 'credit_memo', 'debit_memo'] as const;
export const InvoiceCheck = z
  .strictObject({
    date: text('Its target date (the day it is billed), YYYY-MM-DD, such as 2027-01-01.').optional(),
    total: amount('Its total, tax included, such as 350 (compared to the cent).'),
    type: described(
      z.enum(BILLING_DOCUMENT_TYPES),
      '`invoice`, `credit_memo` or `debit_memo`; left out, any type passes.',
    ).optional(),
  })
  .register(z.globalRegistry, { description: 'One billing document the preview must list: its total, date and type.' });

export const Expect = z
  .strictObject({
    status: described(
      z.int(),
      'Expected HTTP status, such as 200, 201 or 400 (an error answer then passes).',
    ).optional(),
    values: z
      .array(ValueCheck)
      .register(z.globalRegistry, { description: 'Checks of values of the answer, by JSON path.' })
      .optional(),
    totals: z
      .array(TotalsCheck)
      .register(z.globalRegistry, { description: 'Preview steps: expected delta MRR and TCB totals per currency.' })
      .optional(),
    invoices: z
      .array(InvoiceCheck)
      .register(z.globalRegistry, {
        description:
          'Preview steps: the billing documents the answer must list (`billing_documents`), one entry per document in date order; `[]`: none.',
      })
      .optional(),
    duration: span(
      'The step took less than this: `"500ms"`, `"2s"` or a number of milliseconds (a retried step: its last try).',
    ).optional(),
    schema: described(
      z.boolean(),
      "`true`: the answer conforms to the operation's response schema in the service's contract.",
    ).optional(),
  })
  .register(z.globalRegistry, { description: 'What the answer must be; without it, any success passes.' });

/** Send a read again until its answer passes a check (the service's bill runs finish after they are asked). */
export const Retry = z
  .strictObject({
    until: z.union([ValueCheck, Expect]).register(z.globalRegistry, {
      description:
        'The check that ends the waiting: one check like an entry of `expect.values`, or an object like `expect`.',
    }),
    every: span('How long to wait between tries: `"2s"`, `"500ms"` or milliseconds (default 1s).').optional(),
    for: span('How long to keep trying before giving up: `"60s"`, `"2m"` or milliseconds.'),
  })
  .register(z.globalRegistry, {
    description:
      'Reads and previews only: sent again every `every` until `until` holds or `for` has passed; then `expect` is checked on the last answer.',
  });

const common = {
  name: text(
    'Name of the step: later steps refer to its answer as `${name.path}`, such as `${signup.order_number}`.',
  ).optional(),
  description: text('What the step does, in words.').optional(),
  expect: Expect.optional(),
  retry: Retry.optional(),
  headers: z
    .record(z.string(), z.string())
    .register(z.globalRegistry, {
      description:
        'Headers sent with the request as given, such as `{ "x-trace-id": "${env.TRACE}", "service-version": "2.0" }`; never `Authorization` or `Host` (the client sets them).',
    })
    .optional(),
  capture: z
    .record(z.string(), z.string())
    .register(z.globalRegistry, {
      description:
        'Values of the answer kept by name, by JSON path, such as `{ "orderNo": "$.order_number" }`; later steps use them as `${orderNo}`.',
    })
    .optional(),
};
const bodyFields = {
  body: described(
    z.unknown(),
    'The request body, inline. Strings may hold `${step.path}` references to earlier answers.',
  ).optional(),
  file: text('A payload file to send as the body, relative to this scenario file (instead of `body`).').optional(),
};

const step = <K extends StepKind, S extends Record<string, z.ZodType>>(kind: K, description: string, shape: S) =>
  z
    .strictObject({
      kind: described(z.literal(kind), description),
      ...common,
      ...shape,
    })
    .register(z.globalRegistry, { description });

export const Step = z.discriminatedUnion('kind', [
  step(
    'preview',
    'POST /v2/orders/preview: an order or preview payload. An order file gets `metrics` with `billing_documents` over 3 periods; a body that asks for `billing_documents` without a period option gets `number_of_periods` 3.',
    bodyFields,
  ),
  step('createOrder', 'POST /v2/orders: creates an order (a write).', bodyFields),
  step('createAccount', 'POST /v2/accounts: creates an account (a write).', bodyFields),
  step('getOrder', 'GET /v2/orders/{order-number}: reads an order.', {
    orderNumber: text('The order to read, such as `${signup.order_number}`.'),
  }),
  step('getAccount', 'GET /v2/accounts/{account-key}: reads an account.', {
    accountNumber: text('The account to read, such as `${signup.account_number}`.'),
  }),
  step('operation', 'Any catalog operation, by its id (`METHOD /path`, as Find Operation lists it).', {
    operation: text('The operation id, such as `GET /v1/accounts/{account-key}`.'),
    pathParams: z
      .record(z.string(), z.string())
      .register(z.globalRegistry, { description: 'Values of the `{placeholders}` of the path.' })
      .optional(),
    query: z
      .record(
        z.string(),
        z.union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number(), z.boolean()]))]),
      )
      .register(z.globalRegistry, {
        description: 'Query parameters; a list sends the name once per value (`"filter[]": ["a.EQ:1", "b.EQ:2"]`).',
      })
      .optional(),
    ...bodyFields,
  }),
  step(
    'advance',
    'Local sandbox only: moves its clock (POST /_sandbox/clock) `to` a date or `by` a step, and what falls due happens (terms renew or expire, paused subscriptions resume); the answer has `today` and the `events`.',
    {
      to: text(
        'The date the clock moves to (YYYY-MM-DD); an earlier one goes back to the state of that date.',
      ).optional(),
      by: text(
        'How far the clock moves forward: a whole number of days, weeks, months or years, such as `3 months`.',
      ).optional(),
    },
  ),
  step(
    'clock',
    'Local sandbox only: reads its clock (GET /_sandbox/clock); the answer has `today` (capture it to write dates relative to it) and `real`.',
    {},
  ),
  step(
    'catalog',
    'Local sandbox only: sets the catalog it prices from (PUT /.sandbox/catalog) to the plans of `body` or `file` (GET /v2/plans answers, as `sandbox --catalog FILE` takes), puts the seeded one back (`"seeded": true`, DELETE), or with neither reads what it prices from; the answer has `copied`, `plans`, `prices`, `unpriceable`.',
    {
      ...bodyFields,
      seeded: described(z.literal(true), '`true`: the seeded catalog again (DELETE /.sandbox/catalog).').optional(),
    },
  ),
  step(
    'reset',
    "Local sandbox only: the steps after it run on a fresh one (at the scenario's `today`, seeded, nothing of the steps before); one reached by URL is made afresh (POST /_sandbox/reset, its data file backed up first). The answer has `today`.",
    {},
  ),
  step(
    'callout',
    "Local sandbox only: waits for a callout to reach the run's receiver (`${receiver.url}`, on 127.0.0.1: point notification definitions at it, or at `${receiver.url}/EventType`) and checks it. Its answer is `{ event, body, method, path, headers, callouts, received }`: the first matching callout, every match (`count` of them), and the event types of all callouts received so far, in arrival order.",
    {
      event: described(
        z.union([z.string(), z.array(z.string())]),
        "The event type (or types) to match, such as `InvoicePosted`: the callout body's `Event.Type`, else the last segment of the URL the definition points at (`${receiver.url}/InvoicePosted`) when it names an event.",
      ).optional(),
      where: z
        .array(ValueCheck)
        .register(z.globalRegistry, {
          description:
            'Checks the callout\'s body must pass to match, such as `[{ "path": "$.account", "equals": "${signup.account_number}" }]` (paths are in the body).',
        })
        .optional(),
      count: described(
        z.int().min(1),
        'How many matching callouts to wait for (default 1); `callouts` in the answer lists them in arrival order.',
      ).optional(),
      retry: z
        .strictObject({
          for: span('How long to wait for it: `"10s"`, `"2m"` or milliseconds (default 10s).'),
        })
        .register(z.globalRegistry, {
          description: 'How long the step waits for the callout (it wakes as each arrives, and gives up after `for`).',
        })
        .optional(),
    },
  ),
]);

export const Scenario = z
  .strictObject({
    $schema: z.string().optional(),
    name: text('Name of the scenario, as test reports show it.'),
    description: text('What the scenario shows, in words.').optional(),
    today: text(
      'On the Local sandbox, the simulated date (YYYY-MM-DD) the scenario runs on, so that every run gives the same answers.',
    ).optional(),
    tags: z
      .array(z.string())
      .register(z.globalRegistry, { description: "Labels to pick scenarios by, such as `smoke` (the CLI's `--tag`)." })
      .optional(),
    secrets: z
      .array(z.string())
      .register(z.globalRegistry, {
        description:
          'Names of environment variables whose values are secret: masked as *** in results and reports ' +
          `(names holding ${SECRET_ENV_WORDS.join(', ')} are secret anyway, in any case: DB_PASS, SERVICE_CREDENTIAL).`,
      })
      .optional(),
    each: z
      .array(z.record(z.string(), z.unknown()))
      .register(z.globalRegistry, {
        description:
          "Rows of values: the scenario runs once per row, and `${row.NAME}` is the row's value; a row's `name` names its run.",
      })
      .optional(),
    steps: z.array(Step).register(z.globalRegistry, { description: 'The calls, in order.' }),
  })
  .register(z.globalRegistry, {
    description:
      'A Billing Workbench scenario: calls in order, each checked, on a fresh Local sandbox or a connection.',
  });

export type ScenarioData = z.infer<typeof Scenario>;
export type StepData = z.infer<typeof Step>;
export type ExpectData = z.infer<typeof Expect>;
export type ValueCheckData = z.infer<typeof ValueCheck>;
export type TotalsCheckData = z.infer<typeof TotalsCheck>;
export type InvoiceCheckData = z.infer<typeof InvoiceCheck>;
export type RetryData = z.infer<typeof Retry>;

/** The Local sandbox's own control calls: refused on a connection that is not one. */
export const CONTROL_KINDS: readonly StepKind[] = ['advance', 'clock', 'catalog', 'reset'];

/**
 * Control steps that change the Local sandbox (its clock, its catalog, its data), not only read it; and the
 * steps of callouts (definitions pointing at `${receiver.url}`, a wait for a callout): on a shared sandbox,
 * another scenario's events would reach this run's receiver.
 */
export const changesSandbox = (s: StepData): boolean =>
  ['advance', 'catalog', 'reset', 'callout'].includes(s.kind) || findReferences(s).some(r => r.step === 'receiver');

/** Steps that may be sent again by `retry`: reads and previews (an advance moves the clock each time); a callout waits. */
export function retryable(s: StepData): boolean {
  return s.kind === 'callout' || (!writes(s) && !changesSandbox(s));
}

/** Steps that change data on the connection (asked before, on anything but the Local sandbox). */
export function writes(s: StepData): boolean {
  if (s.kind === 'createOrder' || s.kind === 'createAccount') return true;
  if (s.kind !== 'operation') return false;
  const [method, path = ''] = s.operation.split(' ');
  return !['GET', 'HEAD'].includes(method.toUpperCase()) && !/\/preview$/.test(path);
}
