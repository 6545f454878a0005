import type { Container } from '../services/container';
import { connectionIdArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/** Sign Out of the given or active connection: its credentials leave secret storage. */
export class SignOutCommand implements Command {
  readonly id = COMMANDS.signOut;
  constructor(private readonly services: Container) {}

  async execute(connection?: unknown): Promise<void> {
    const { connections, credentials } = this.services;
    const id = connectionIdArg(connection) ?? connections.active().id;
    const conn = connections.list().find(c => c.id === id);
    if (conn) await credentials.signOut(conn);
  }
}
