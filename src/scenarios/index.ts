// Scenarios: sequences of calls with checks, in plain files (*.scenario.json). Core: no `vscode`; the CLI's
// `test` and the editor's Testing view run them with the same runner.
export {
  changesSandbox,
  Scenario,
  Step,
  STEP_KINDS,
  writes,
  type ScenarioData,
  type StepData,
  type StepKind,
} from './schema';
export {
  readScenario,
  scenarioRange,
  isScenarioFile,
  SCENARIO_FILE_PATTERN,
  SCENARIO_FINDING_CODES,
  type ScenarioFile,
  type ScenarioFinding,
  type ScenarioFindingCode,
  type PreparedStep,
  type ReadScenarioOptions,
} from './scenarioFile';
export {
  runScenarios,
  runScenario,
  type RunEvent,
  type RunOptions,
  type RunTarget,
  type ConnectionInfo,
  type WriteQuestion,
  type ScenarioResult,
  type StepResult,
  type StepOutcome,
  type StepErrorKind,
} from './runner';
export { runScenariosInParallel, type ParallelOptions } from './parallel';
export type { Run, RunExtras } from './runner';
export { dataRuns, isSecretColumn, rowLabel, type DataRunOptions } from './dataRuns';
export { parseDataText, DataFileError, type DataTable } from './dataRows';
export type { DataColumns } from './dataFindings';
export { connectionTarget, isLocalSandboxAt, type Probe } from './localSandboxAt';
export { checkAnswer, checkValue, sameJson, type CheckFailure, type Answer } from './checks';
export { findReferences, resolveReferences, UnresolvedReference, REFERENCE, type Reference } from './references';
export { parseJsonPath, valueAt } from './jsonPath';
export { parseDuration } from './duration';
export { isSecretEnvName, secretValues, SECRET_ENV_NAME, SECRET_ENV_WORDS } from './environment';
export type { Sleep } from './retry';
export type { Scope } from './references';
export {
  textReport,
  textScenarioBlock,
  textSummary,
  junitReport,
  jsonReport,
  summaryCounts,
  xml,
  printable,
  type ReportRun,
} from './reports';
export { tapReport } from './reportTap';
export { htmlReport, type ReportMeta } from './reportHtml';
export { maskSecrets } from './maskSecrets';
