// The four agent tools' names, descriptions and inputs (zod), shared by the MCP server and by the test that
// keeps package.json's `languageModelTools` in step. Not in index.ts: the editor's lazy bundle needs no zod
// (VS Code checks an input against the schema package.json declares).
import * as z from 'zod';

export const TOOL_NAMES = {
  validate: 'billingWorkbench_validate',
  preview: 'billingWorkbench_preview',
  findOperation: 'billingWorkbench_findOperation',
  describeOperation: 'billingWorkbench_describeOperation',
} as const;
export type ToolKey = keyof typeof TOOL_NAMES;

const KINDS = ['order', 'preview', 'account', 'request'] as const;

/** Words, not documents: a longer query only slows the ranking (1 MB held the MCP server 17 s). */
export const MAX_QUERY_CHARS = 1000;
/** The longest operation id is 84 characters; the closest-match search grows with a longer one (1 MB: 21 s). */
export const MAX_OPERATION_CHARS = 200;
export const MAX_AT_CHARS = 1000;

export const TOOL_INPUTS = {
  validate: z.object({
    path: z
      .string()
      .optional()
      .describe('A payload or request file: *.order.json, *.preview.json, *.account.json or *.request.json.'),
    kind: z.enum(KINDS).optional().describe('With text: what the text is (a request file is a *.request.json).'),
    text: z.string().optional().describe('The payload itself, instead of a path; give its kind too.'),
  }),
  preview: z.object({
    path: z.string().describe('An order file: *.order.json, *.preview.json, or a POST /v1/orders request file.'),
    create: z.boolean().optional().describe('Create the order instead of previewing it (a write: asks first).'),
  }),
  findOperation: z.object({
    query: z
      .string()
      .min(1)
      .max(MAX_QUERY_CHARS, `at most ${MAX_QUERY_CHARS} characters: say what the operation does in a few words`)
      .describe('What the operation does, in words: "refund a payment".'),
    limit: z.number().int().min(1).max(20).optional().describe('How many to return (default 5, at most 20).'),
  }),
  describeOperation: z.object({
    operation: z
      .string()
      .min(1)
      .max(MAX_OPERATION_CHARS, `at most ${MAX_OPERATION_CHARS} characters: an operation id such as "POST /v1/orders"`)
      .describe('The operation id, "METHOD /path": "POST /v1/orders".'),
    at: z
      .string()
      .max(MAX_AT_CHARS, `at most ${MAX_AT_CHARS} characters: a field path such as "subscriptions[].initialTerm"`)
      .optional()
      .describe('A field inside the body whose own fields to list: "subscriptions[].initialTerm".'),
  }),
} satisfies Record<ToolKey, z.ZodObject>;

export type ValidateInput = z.infer<typeof TOOL_INPUTS.validate>;
export type PreviewInput = z.infer<typeof TOOL_INPUTS.preview>;
export type FindOperationInput = z.infer<typeof TOOL_INPUTS.findOperation>;
export type DescribeOperationInput = z.infer<typeof TOOL_INPUTS.describeOperation>;

export const TOOL_DESCRIPTIONS: Record<ToolKey, string> = {
  validate:
    'Check a Subscription Billing order, preview, account or request payload as the service would: each finding ' +
    'with its field path, line, severity, message and the quick fixes (text edits) the editor offers.',
  preview:
    'Preview an order file on the active connection (the Local sandbox by default): totals (MRR, TCB) per ' +
    'currency, the items and the invoices it would bill. Nothing is created unless create is true.',
  findOperation:
    'Find Subscription Billing API operations by what they do ("refund a payment"): id, summary and group, best first.',
  describeOperation:
    "An operation's request: path parameters and its body's fields (type, required, description, allowed values).",
};
