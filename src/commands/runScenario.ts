import type { ScenarioTests } from '../services/scenarioTests';
import { documentOf } from '../util/documents';
import { uriArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/** Run Scenario: the given (CodeLens) or active scenario file, in the Testing view, on the active connection. */
export class RunScenarioCommand implements Command {
  readonly id = COMMANDS.runScenario;
  constructor(private readonly scenarios: ScenarioTests) {}

  async execute(uri?: unknown) {
    const doc = await documentOf(uriArg(uri));
    return doc ? this.scenarios.runFiles([doc.uri]) : [];
  }
}
