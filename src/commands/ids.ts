// Command ids as a typed union: a typo fails the type check. The manifest test checks both directions.
export const COMMANDS = {
  newOrderPayload: 'billingWorkbench.newOrderPayload',
  validateFile: 'billingWorkbench.validateFile',
  showLog: 'billingWorkbench.showLog',
} as const;

export type CommandId = (typeof COMMANDS)[keyof typeof COMMANDS];
