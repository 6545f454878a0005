import * as vscode from 'vscode';
import type { CommandId } from './ids';

/** One command: an id and what it does. Its dependencies are services, given to its constructor. */
export interface Command {
  readonly id: CommandId;
  execute(...args: unknown[]): unknown;
}

/** Registers commands and unregisters them all when disposed. */
export class CommandManager implements vscode.Disposable {
  private readonly registrations = new Map<string, vscode.Disposable>();

  register<T extends Command>(command: T): T {
    if (this.registrations.has(command.id)) throw new Error(`command ${command.id} registered twice`);
    this.registrations.set(command.id, vscode.commands.registerCommand(command.id, command.execute, command));
    return command;
  }

  dispose(): void {
    for (const r of this.registrations.values()) r.dispose();
    this.registrations.clear();
  }
}
