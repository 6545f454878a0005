// A core finding (payload or scenario) as a Problems entry: at its offsets, with its path, its severity and
// its code linked to docs/FINDINGS.md. `suffix` adds what only some findings have (the service category).
import * as vscode from 'vscode';
import { formatPath } from '../schemas';

export const DIAGNOSTIC_SOURCE = 'Billing Workbench';

export interface LocatedFinding {
  code: string;
  severity: 'error' | 'warning';
  message: string;
  path: (string | number)[];
  offset: number;
  length: number;
}

export function findingDiagnostic(
  doc: vscode.TextDocument,
  f: LocatedFinding,
  docsUri: vscode.Uri,
  suffix = '',
): vscode.Diagnostic {
  const range = new vscode.Range(doc.positionAt(f.offset), doc.positionAt(f.offset + f.length));
  const severity = f.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning;
  const path = formatPath(f.path);
  const where = path && !f.message.includes(path) ? ` (${path})` : ''; // said once: most messages lead with it
  const d = new vscode.Diagnostic(range, `${f.message}${where}${suffix}`, severity);
  d.source = DIAGNOSTIC_SOURCE;
  d.code = { value: f.code, target: docsUri.with({ fragment: f.code }) };
  return d;
}
