// Advance Local Sandbox Clock: asks for a date or a step ("3 months"), moves the Local sandbox's clock (whichever
// window serves it) through its control path, and says what fell due; the accounts tree is refreshed when it
// shows the Local sandbox, since subscriptions changed.
import * as vscode from 'vscode';
import { clockSummary, type ApiError, type BillingClient, type ClockAnswer, type ClockRequest } from '../client';
import { LOCAL_CONNECTION, type ClientProvider } from '../connections/clientProvider';
import type { ConnectionStore } from '../connections/connectionStore';
import { parseClockInput } from '../wire/sandboxClock';
import type { AccountsModel } from './accountsModel';

export class SandboxClock {
  constructor(
    private readonly clients: ClientProvider,
    private readonly connections: ConnectionStore,
    private readonly accounts: AccountsModel,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  /** Moves the clock by `input` (a date or "3 months"; asked when not given). Undefined: cancelled or refused. */
  async advance(input?: string): Promise<ClockAnswer | undefined> {
    try {
      const client = await this.clients.clientFor(LOCAL_CONNECTION);
      const text = input ?? (await this.ask(client));
      if (text === undefined) return undefined;
      const step = parseClockInput(text);
      if ('error' in step) {
        void vscode.window.showErrorMessage(step.error);
        return undefined;
      }
      const body: ClockRequest = 'to' in step ? { to: step.to } : { by: text.trim() };
      const title =
        'to' in body ? `Moving the Local sandbox clock to ${body.to}` : `Moving the Local sandbox clock by ${body.by}`;
      const options = { location: vscode.ProgressLocation.Notification, title, cancellable: true };
      const r = await vscode.window.withProgress(options, (_progress, token) => {
        const abort = new AbortController();
        token.onCancellationRequested(() => abort.abort());
        return client.moveSandboxClock(body, { signal: abort.signal });
      });
      this.log.info(
        `Local sandbox clock: ${r.data.previous} -> ${r.data.today}${r.data.restored ? ` (restored ${r.data.restored})` : ''}`,
      );
      for (const e of r.data.events) this.log.info(`  ${e.date} ${e.message}`);
      if (this.connections.active().kind === 'local') this.accounts.refresh();
      void vscode.window.showInformationMessage(clockSummary(r.data));
      return r.data;
    } catch (e) {
      if (e instanceof Error && (e as ApiError).kind === 'cancelled') return undefined;
      const message = e instanceof Error ? e.message : String(e);
      this.log.error(message);
      void vscode.window.showErrorMessage(message);
      return undefined;
    }
  }

  /** The date or step, checked as it is typed; the prompt says where the clock is now. */
  private async ask(client: BillingClient): Promise<string | undefined> {
    const status = await client.sandboxClock().then(
      r => r.data,
      () => undefined, // the move itself says what is wrong
    );
    const now = status ? `Today is ${status.today} on the Local sandbox. ` : '';
    const back = status?.history.earliest ? ` (back to ${status.history.earliest} at the earliest)` : '';
    return vscode.window.showInputBox({
      title: 'Advance Local Sandbox Clock',
      prompt: `${now}A date, earlier to go back${back}, or a step forward such as "3 months". What falls due happens: terms renew or expire, paused subscriptions resume.`,
      placeHolder: '3 months, 1 year, 10 days or 2027-06-01',
      ignoreFocusOut: true,
      validateInput: t => {
        const r = parseClockInput(t);
        return 'error' in r ? r.error : undefined;
      },
    });
  }
}
