// The agent tools' logic, without vscode: the editor (languageFeatures/agentTools) and the MCP server
// (cli/mcp) each hand these plain data to their caller. A bundle of its own (esbuild.js LAZY).
export { validateText, validateResult, fileKind, MAX_FINDINGS } from './validate';
export type { ValidateResult, ToolFinding, ToolFix, FileKind, CheckOptions } from './validate';
export {
  orderFileCall,
  sendOrderCall,
  previewResult,
  createResult,
  previewOrderFile,
  MAX_ROWS,
  MAX_DOCUMENTS,
} from './preview';
export type { OrderCall, NotSent, PreviewResult, CreateResult, ToolConnection } from './preview';
export { findOperations, describeOperation, fieldPath, MAX_HITS, MAX_FIELDS } from './operations';
export type { OperationInfo, OperationDescription, DescribeAnswer } from './operations';
