// The editor's side of the agent tools, loaded with the first tool call (esbuild.js LAZY): a workspace file
// read as the editor reads it (its kept parse), a preview or create sent through the same PayloadRequests and
// request controller as the Preview command (the panel shows it, the history records it), the answer shaped by
// the core (agentTools) as small JSON. No `instanceof` on the main bundle's classes: this is a bundle of its own.
import * as path from 'path';
import * as vscode from 'vscode';
import {
  createResult,
  describeOperation,
  fileKind,
  findOperations,
  previewResult,
  validateResult,
  validateText,
  type NotSent,
} from '../agentTools';
import type {
  DescribeOperationInput,
  FindOperationInput,
  PreviewInput,
  ToolKey,
  ValidateInput,
} from '../agentTools/inputs';
import { redact } from '../client/redact';
import type { ConnectionStore } from '../connections/connectionStore';
import { projectFileProblem, type ProjectFileProblem } from '../payloads/projectFile';
import { orderFile } from '../payloads/requests';
import type { PayloadRequests } from '../services/payloadRequests';
import type { RequestController } from '../services/requestController';
import type { Settings } from '../settings';
import type { PayloadDiagnostics } from './payloadDiagnostics';

export interface AgentToolDeps {
  diagnostics: PayloadDiagnostics;
  settings: Settings;
  connections: ConnectionStore;
  payloads: () => PayloadRequests;
  controller: () => RequestController;
}

type Input = Partial<ValidateInput & PreviewInput & FindOperationInput & DescribeOperationInput>;

/** The message while a tool runs, and for a create (a write) the confirmation VS Code asks before it runs. */
export function prepareAgentTool(key: ToolKey, input: Input, deps: AgentToolDeps): vscode.PreparedToolInvocation {
  switch (key) {
    case 'validate':
      return { invocationMessage: `Checking ${input.path ?? `the ${input.kind ?? ''} payload`}` };
    case 'preview': {
      const c = deps.connections.active();
      if (!input.create) return { invocationMessage: `Previewing ${input.path} on ${c.name}` };
      const where = c.kind === 'production' ? `PRODUCTION (${c.name})` : `${c.name} (${c.kind})`;
      return {
        invocationMessage: `Creating the order in ${input.path} on ${c.name}`,
        confirmationMessages: {
          title: `Create an order on ${c.name}?`,
          message: `Creates the order in ${input.path} on ${where}: a write that a preview does not make.`,
        },
      };
    }
    case 'findOperation':
      return { invocationMessage: `Finding operations that ${input.query}` };
    case 'describeOperation':
      return { invocationMessage: `Describing ${input.operation}` };
  }
}

export async function invokeAgentTool(
  key: ToolKey,
  input: Input,
  deps: AgentToolDeps,
  options: { toolInvocationToken: unknown },
  token: vscode.CancellationToken,
): Promise<vscode.LanguageModelToolResult> {
  let data: unknown;
  try {
    data = await run(key, input, deps, options.toolInvocationToken !== undefined, token);
  } catch (e) {
    data = { error: redact(e instanceof Error ? e.message : String(e)) }; // said to the agent, as the panel says it
  }
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(JSON.stringify(data))]);
}

async function run(key: ToolKey, input: Input, deps: AgentToolDeps, inChat: boolean, token: vscode.CancellationToken) {
  switch (key) {
    case 'validate':
      return validate(input, deps);
    case 'preview':
      return preview(input as PreviewInput, deps, inChat, token);
    case 'findOperation':
      return findOperations(input.query ?? '', input.limit);
    case 'describeOperation':
      return describeOperation(input.operation ?? '', input.at);
  }
}

async function validate(input: Input, deps: AgentToolDeps) {
  const serviceVersion = deps.settings.values.serviceVersion;
  if (input.path === undefined) {
    if (input.text === undefined || !input.kind)
      return {
        error: 'Give "path" (a workspace file), or "text" with its "kind" (order, preview, account or request).',
      };
    return validateText(input.text, input.kind, { serviceVersion });
  }
  const doc = await openFile(input.path);
  const file = vscode.workspace.asRelativePath(doc.uri);
  const named = fileKind(doc.uri.path);
  // A file the editor checks: the findings its Problems show (the kept parse of this version).
  if (named && (!input.kind || input.kind === named))
    return validateResult(doc.getText(), named, deps.diagnostics.parsed(doc).findings, file);
  if (!input.kind)
    return {
      error: `${file}: name it *.order.json, *.preview.json, *.account.json or *.request.json, or give "kind".`,
    };
  return validateText(doc.getText(), input.kind, { file, serviceVersion });
}

async function preview(input: PreviewInput, deps: AgentToolDeps, inChat: boolean, token: vscode.CancellationToken) {
  const doc = await openFile(input.path);
  const file = vscode.workspace.asRelativePath(doc.uri);
  const { value, findings } = deps.diagnostics.parsed(doc);
  const order = orderFile(doc.uri.path, value);
  const kind = fileKind(doc.uri.path);
  if (!order || !kind) {
    const reason = `${file}: only order files preview: *.order.json, *.preview.json, or a POST /v1/orders(/preview) request file.`;
    return { sent: false, reason } satisfies NotSent;
  }
  const validation = validateResult(doc.getText(), kind, findings, file);
  if (validation.errors) {
    const reason = `${file} has ${validation.errors} error(s) the service would reject: fix them, then preview again.`;
    return { sent: false, reason, validation } satisfies NotSent;
  }
  const connection = deps.connections.active();
  const ac = new AbortController();
  const cancel = token.onCancellationRequested(() => ac.abort());
  try {
    const run = { quiet: true, signal: ac.signal };
    const api = order.api === 'v1' ? ({ api: 'v1' } as const) : {};
    if (input.create) {
      // In a chat VS Code asked with prepareAgentTool's confirmation; outside one, the controller asks as always.
      const created = await deps.payloads().create(doc, { silent: true, confirmed: inChat, run });
      if (!created) return { sent: false, reason: 'The create was not confirmed: nothing was sent.' } satisfies NotSent;
      return redact(createResult({ file, body: {}, ...api }, created.response, connection));
    }
    const call = await deps.payloads().previewCall(doc, { silent: true });
    if (!call) return { sent: false, reason: `${file} could not be previewed: open it to see why.` } satisfies NotSent;
    const r = await deps.controller().run(call, run);
    if (!r) return { sent: false, reason: 'Nothing was answered.' } satisfies NotSent;
    return redact(previewResult({ file, body: call.body as Record<string, unknown>, ...api }, r, connection));
  } finally {
    cancel.dispose();
  }
}

/**
 * A workspace file by its path (relative to a workspace folder, or absolute), opened as the editor opens it. The
 * rule a scenario's `file` follows (payloads/projectFile): inside a workspace folder after symbolic links, a
 * regular file, at most 10 MB; else the error says which rule.
 */
async function openFile(file: string): Promise<vscode.TextDocument> {
  const roots = (vscode.workspace.workspaceFolders ?? []).filter(f => f.uri.scheme === 'file').map(f => f.uri.fsPath);
  if (!roots.length) throw new Error(`${file}: open a folder first; the tools read files of the workspace only.`);
  const absolute = path.isAbsolute(file) || /^([a-zA-Z]:)?[\\/]/.test(file);
  const candidates = absolute ? [path.resolve(file)] : roots.map(root => path.resolve(root, file));
  let problem: ProjectFileProblem | undefined;
  for (const candidate of candidates) {
    problem = projectFileProblem(candidate, roots, file);
    if (!problem) return vscode.workspace.openTextDocument(vscode.Uri.file(candidate));
    if (problem.code !== 'missing') break; // in another folder it would be missing too, or outside
  }
  throw new Error(
    problem?.code === 'missing'
      ? `${file}: no such file in the workspace. Give its path relative to the workspace folder.`
      : problem?.message,
  );
}
