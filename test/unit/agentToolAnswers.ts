// What the agent tools answer, as the tests read it: the MCP server's (unit) and vscode.lm's (VS Code) see the
// same four tools and the same JSON.
import type {
  CreateResult,
  NotSent,
  OperationDescription,
  OperationInfo,
  PreviewResult,
  ValidateResult,
} from '../../src/agentTools';
import type { FieldInfo } from '../../src/schemas';

/** Every field an answer may carry, so a test reads any of them (the tool decides which it sends). */
export type Answer = ValidateResult &
  Omit<PreviewResult, 'sent'> &
  Omit<CreateResult, 'sent'> &
  Omit<NotSent, 'sent'> &
  Omit<OperationDescription, 'body'> & {
    sent: boolean;
    body: { takes: boolean; fields: FieldInfo[] };
    operations: OperationInfo[];
    error: string;
    closest: OperationInfo[];
  };

/** The four tools' names, as package.json declares them. */
export const TOOL_NAMES = [
  'billingWorkbench_validate',
  'billingWorkbench_preview',
  'billingWorkbench_findOperation',
  'billingWorkbench_describeOperation',
];
