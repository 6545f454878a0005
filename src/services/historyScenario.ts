// Save as Scenario: History rows (the selected ones, else picked from a list) written as a *.scenario.json
// where the person says (a save dialog, which asks before it replaces a file), then opened in an editor. What
// the steps are is the core's (scenarios/fromHistory.ts, a lazy bundle); this file asks and writes.
import * as vscode from 'vscode';
import { scenarioFromHistory, scenarioText } from '../scenarios/fromHistory';
import { fileExists } from '../util/documents';
import { entryDescription, entryLabel } from '../views/treeNodes/historyNode';
import type { HistoryEntry, RequestHistory } from './requestHistory';

const SUFFIX = '.scenario.json';

/**
 * Writes the entries (none: the person picks, `checked` checked at first) as a scenario; the file written, or
 * undefined when not saved.
 */
export async function saveHistoryAsScenario(
  history: RequestHistory,
  chosen: readonly HistoryEntry[],
  checked: readonly HistoryEntry[] = [],
): Promise<vscode.Uri | undefined> {
  const entries = chosen.length ? chosen : await pickEntries(history, checked);
  if (!entries?.length) return undefined;
  const n = entries.length;
  const picked = await vscode.window.showSaveDialog({
    defaultUri: await freeDefault(entries),
    filters: { 'Scenario files': ['json'] },
    title: `Save ${n} request${n === 1 ? '' : 's'} as a scenario (*.scenario.json)`,
    saveLabel: 'Save Scenario',
  });
  const uri = picked && (await scenarioUri(picked));
  if (!uri) return undefined;
  const stem = uri.path.slice(uri.path.lastIndexOf('/') + 1, -SUFFIX.length);
  const { scenario, left, masked } = scenarioFromHistory(entries, nameOf(stem));
  if (!scenario.steps.length) {
    const why = left.map(l => `${l.title}: ${l.why}`).join('; ');
    void vscode.window.showWarningMessage(`Nothing saved: none of the requests can be a scenario step (${why}).`);
    return undefined;
  }
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(scenarioText(scenario)));
  await vscode.window.showTextDocument(uri);
  const k = scenario.steps.length;
  const notes = [
    `Saved ${k} request${k === 1 ? '' : 's'} as ${stem}${SUFFIX} and opened it: Run Scenario runs it.`,
    left.length ? `Left out: ${left.map(l => `${l.title} (${l.why})`).join('; ')}.` : '',
    masked.length ? `Fill in the masked (***) values of ${masked.join(', ')} before running it.` : '',
  ];
  const say = left.length || masked.length ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
  void say(notes.filter(Boolean).join(' '));
  return uri;
}

async function pickEntries(
  history: RequestHistory,
  checked: readonly HistoryEntry[],
): Promise<readonly HistoryEntry[] | undefined> {
  const all = history.entries();
  if (!all.length) {
    const message =
      'The History is empty: send requests (Preview, Create, Send Request), then save them as a scenario.';
    void vscode.window.showInformationMessage(message);
    return undefined;
  }
  const ids = new Set(checked.map(e => e.id));
  const items = all.map(e => ({
    label: entryLabel(e),
    description: entryDescription(e),
    detail: e.title,
    picked: ids.has(e.id),
    e,
  }));
  const picked = await vscode.window.showQuickPick(items, {
    canPickMany: true,
    matchOnDescription: true,
    title: 'Save as Scenario: pick the requests (the steps follow the order they were sent in)',
  });
  return picked?.map(p => p.e);
}

/** In the first workspace folder, named after the oldest request's file, taken names avoided. */
async function freeDefault(entries: readonly HistoryEntry[]): Promise<vscode.Uri | undefined> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  if (!folder) return undefined;
  const oldest = [...entries].sort((a, b) => a.at - b.at)[0];
  const base =
    oldest.file?.replace(/\.(order|preview|account|request)\.json$/i, '').replace(/[^\w-]+/g, '-') || 'history';
  for (let i = 1; ; i++) {
    const uri = vscode.Uri.joinPath(folder, `${base}${i === 1 ? '' : `-${i}`}${SUFFIX}`);
    if (!(await fileExists(uri))) return uri;
  }
}

/**
 * The name chosen, ending in .scenario.json (the Testing view and Run Scenario find it by that). When that
 * changes the name and the new one is taken, asks before replacing it: the dialog asked about the other name.
 */
async function scenarioUri(picked: vscode.Uri): Promise<vscode.Uri | undefined> {
  if (picked.path.toLowerCase().endsWith(SUFFIX)) return picked;
  const uri = picked.with({ path: picked.path.replace(/\.json$/i, '') + SUFFIX });
  if (!(await fileExists(uri))) return uri;
  const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
  const message = `${name} exists. Replace it with the scenario?`;
  return (await vscode.window.showWarningMessage(message, { modal: true }, 'Replace')) === 'Replace' ? uri : undefined;
}

/** "new-customer-upgrade" -> "New customer upgrade". */
function nameOf(stem: string): string {
  const words = stem.replace(/[-_.]+/g, ' ').trim() || 'From the History';
  return words[0].toUpperCase() + words.slice(1);
}
