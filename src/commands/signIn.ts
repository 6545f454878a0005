import type { Container } from '../services/container';
import { connectionIdArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/** Sign In to the given or active connection; returns true when credentials were verified and saved. */
export class SignInCommand implements Command {
  readonly id = COMMANDS.signIn;
  constructor(private readonly services: Container) {}

  execute(connection?: unknown): Promise<boolean> {
    const { connections, credentials } = this.services;
    const id = connectionIdArg(connection) ?? connections.active().id;
    const conn = connections.list().find(c => c.id === id) ?? connections.active();
    return credentials.signIn(conn);
  }
}
