// The Callouts view on screen as a person narrows the side bar to about 500 px, in the light and the dark theme:
// the views above it hidden (shown again after), the side bar narrowed, a screenshot per theme once `mustShow` is
// drawn, and `check` run on each. Shared by callouts.test.ts and callouts-journey.test.ts.
import * as vscode from 'vscode';
import { screenShowing, theme } from './helpers';

const OTHER_VIEWS = ['billingWorkbench.accounts', 'billingWorkbench.endpoints', 'billingWorkbench.history'];
const widen = (how: 'increase' | 'decrease') => vscode.commands.executeCommand(`workbench.action.${how}ViewWidth`);

export async function calloutsInBothThemes(
  ctx: Mocha.Context,
  shotPrefix: string,
  mustShow: string[],
  check: (text: string, shot: string) => void,
  reveal: () => Promise<void> = async () => undefined,
): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  for (const v of OTHER_VIEWS) await vscode.commands.executeCommand(`${v}.removeView`);
  await vscode.commands.executeCommand('billingWorkbench.callouts.focus');
  await reveal();
  await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
  for (let i = 0; i < 4; i++) await widen('decrease');
  try {
    for (const [name, shot] of [
      ['Default Light Modern', `${shotPrefix}-light`],
      ['Default Dark Modern', `${shotPrefix}-dark`],
    ]) {
      await theme(name);
      check((await screenShowing(ctx, shot, mustShow)).text, shot);
    }
  } finally {
    await theme(undefined);
    for (const v of OTHER_VIEWS) await vscode.commands.executeCommand(`${v}.focus`);
    await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
    for (let i = 0; i < 4; i++) await widen('increase');
  }
}
