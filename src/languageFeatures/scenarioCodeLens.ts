// "Run Scenario" over a scenario file's first line; the Testing view's gutter buttons run single scenarios too.
import * as vscode from 'vscode';
import { COMMANDS, commandFor } from '../commands/ids';

export const SCENARIO_FILES: vscode.DocumentSelector = [{ pattern: '**/*.scenario.json' }];

export class ScenarioCodeLens implements vscode.CodeLensProvider {
  provideCodeLenses(doc: vscode.TextDocument): vscode.CodeLens[] {
    const top = new vscode.Range(0, 0, 0, 0);
    return [new vscode.CodeLens(top, commandFor(COMMANDS.runScenario, '$(play) Run Scenario', doc.uri))];
  }
}
