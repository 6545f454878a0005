// Shared set-up for the testing-*.test.ts files (scenarios in VS Code's Testing view): the workspace's scenario
// files, the test items of a file, and a scenario run from the palette or the Testing view, with a deadline.
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { BillingWorkbenchApi } from '../../src/extension';
import type { ScenarioResult } from '../../src/scenarios';
import { waitFor } from './helpers';

export const ws = () => vscode.workspace.workspaceFolders![0].uri;
export const file = (name: string) => vscode.Uri.joinPath(ws(), name);
/** The scenarios and their own copies of the payload files (scripts/test-integration.sh): other tests edit the examples. */
export const DIR = 'scenario-tests';
export const EXAMPLE = `${DIR}/scenarios/new-customer-upgrade-renew.scenario.json`;
export const FAILING = `${DIR}/wrong-total.scenario.json`;
/** Longer than any test's timeout: a request held this long is answered only if a cancel failed to abort it. */
export const HELD_MS = 10 * 60_000;

export const itemFor = (a: BillingWorkbenchApi, name: string) =>
  a.scenarios.controller.items.get(file(name).toString());
export const children = (item: vscode.TestItem) => {
  const out: vscode.TestItem[] = [];
  item.children.forEach(c => out.push(c));
  return out.sort((x, y) => x.range!.start.line - y.range!.start.line);
};

/** Every *.scenario.json under `dir` (as the Testing view finds them), sorted. */
export function scenarioFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory() && e.name !== 'node_modules') out.push(...scenarioFiles(p));
    else if (e.isFile() && e.name.endsWith('.scenario.json')) out.push(p);
  }
  return out.sort();
}

/**
 * Run All Tests as the palette runs it; the command resolves when its run has ended. Just after activation the
 * workbench may not know the controller yet (it says "No tests found" and runs nothing): then it is asked again,
 * until a deadline. A run that finds nothing (the trial's 0/0) is a run: its empty results are returned.
 */
export async function runAllFromPalette(a: BillingWorkbenchApi): Promise<ScenarioResult[]> {
  let results: ScenarioResult[] | undefined;
  const d = a.scenarios.onDidFinishRun(r => (results = r));
  try {
    const end = Date.now() + 20000;
    for (;;) {
      await vscode.commands.executeCommand('testing.runAll');
      if (results) return results;
      if (Date.now() > end) throw new Error('testing.runAll never ran the scenarios');
      await new Promise(r => setTimeout(r, 100));
    }
  } finally {
    d.dispose();
  }
}

/** The next run's results, with a deadline (a fresh sandbox per scenario: a few seconds each). */
export async function nextRun(a: BillingWorkbenchApi, start: () => Thenable<unknown>): Promise<ScenarioResult[]> {
  let results: ScenarioResult[] | undefined;
  const d = a.scenarios.onDidFinishRun(r => (results = r));
  try {
    await start();
    return await waitFor('the scenario run to finish', () => results, 90000);
  } finally {
    d.dispose();
  }
}
