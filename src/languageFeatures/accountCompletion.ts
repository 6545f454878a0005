// Completion of an existing account's number in order and preview payloads: the service is searched as
// the person types (name or number starts with the typed text), debounced, the previous request cancelled
// with its CancellationToken, and never waited on past a short bound: a list that may grow is marked
// incomplete, so VS Code asks again on the next keystroke.
import * as vscode from 'vscode';
import { AccountLookup } from '../client/accountLookup';
import type { AccountMatch } from '../client/accountSearch';
import { accountNumberSlot, type AccountNumberSlot } from '../payloads/accountNumberSlot';
import type { AccountsModel } from '../services/accountsModel';
import { Disposable } from '../util/dispose';

const ORDER_FILES: vscode.DocumentSelector = [{ pattern: '**/*.{order,preview}.json' }];

export class AccountCompletion extends Disposable implements vscode.CompletionItemProvider {
  private readonly lookup: AccountLookup;

  constructor(model: AccountsModel) {
    super();
    this.lookup = new AccountLookup((prefix, signal) => model.search(prefix, signal));
    // Another connection, or accounts created since: what was found may no longer be so.
    this._register(model.onDidChange(() => this.lookup.clear()));
  }

  static register(model: AccountsModel): vscode.Disposable {
    const provider = new AccountCompletion(model);
    return vscode.Disposable.from(
      provider,
      vscode.languages.registerCompletionItemProvider(ORDER_FILES, provider, '"'),
    );
  }

  async provideCompletionItems(
    doc: vscode.TextDocument,
    pos: vscode.Position,
    token: vscode.CancellationToken,
  ): Promise<vscode.CompletionList | undefined> {
    const slot = accountNumberSlot(doc.getText(), doc.offsetAt(pos));
    if (!slot) return undefined;
    const cancel = new AbortController();
    const listener = token.onCancellationRequested(() => cancel.abort());
    try {
      const answer = await this.lookup.lookup(slot.prefix, cancel.signal);
      const range = new vscode.Range(doc.positionAt(slot.start), doc.positionAt(slot.end));
      const items = answer.rows.map((a, i) => completionItem(a, slot, range, i));
      return new vscode.CompletionList(items, answer.incomplete);
    } finally {
      listener.dispose();
    }
  }
}

function completionItem(a: AccountMatch, slot: AccountNumberSlot, range: vscode.Range, rank: number) {
  const about = `${a.name} · ${a.currency}`;
  const item = new vscode.CompletionItem(
    { label: a.accountNumber, description: about },
    vscode.CompletionItemKind.Value,
  );
  item.detail = about;
  item.documentation = new vscode.MarkdownString()
    .appendMarkdown(`**${escape(a.name)}**\n\n`)
    .appendText(`Account ${a.accountNumber} · ${a.currency} · ${a.status}`);
  item.insertText = slot.quoted ? a.accountNumber : JSON.stringify(a.accountNumber);
  item.range = range;
  // The typed text starts the number or the name; VS Code filters by this, so a name typed keeps its account.
  const byNumber = a.accountNumber.toLowerCase().startsWith(slot.prefix.toLowerCase());
  item.filterText = slot.quoted ? (byNumber ? a.accountNumber : a.name) : JSON.stringify(a.accountNumber);
  item.sortText = String(rank).padStart(4, '0');
  return item;
}

const escape = (text: string) => text.replace(/[\\`*_{}[\]()#+\-.!<>|]/g, '\\$&');
