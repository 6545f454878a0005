import * as vscode from 'vscode';

/** A Disposable that owns others; anything registered after disposal is disposed at once. */
export abstract class Disposable implements vscode.Disposable {
  private disposed = false;
  private readonly owned: vscode.Disposable[] = [];

  protected _register<T extends vscode.Disposable>(d: T): T {
    if (this.disposed) d.dispose();
    else this.owned.push(d);
    return d;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    while (this.owned.length) this.owned.pop()!.dispose();
  }
}
