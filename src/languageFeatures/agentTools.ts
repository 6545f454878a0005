// The agent tools in VS Code's chat (package.json `languageModelTools`): registered at activation, their work
// loaded with the first call (agentToolRunner.ts and the core's agentTools, each a lazy bundle).
import * as vscode from 'vscode';
import type { ToolKey } from '../agentTools/inputs';
import { invokeAgentTool, prepareAgentTool, type AgentToolDeps } from './agentToolRunner';

/** package.json's tool names (the test checks they match agentTools/inputs' TOOL_NAMES). */
const KEYS: ToolKey[] = ['validate', 'preview', 'findOperation', 'describeOperation'];

export function registerAgentTools(deps: AgentToolDeps): vscode.Disposable {
  const tools = KEYS.map(key =>
    vscode.lm.registerTool<object>(`billingWorkbench_${key}`, {
      prepareInvocation: o => prepareAgentTool(key, o.input, deps),
      invoke: (o, token) => invokeAgentTool(key, o.input, deps, o, token),
    }),
  );
  return vscode.Disposable.from(...tools);
}
