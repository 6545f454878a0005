import type { Connection } from '../connections/connectionStore';
import type { Container } from '../services/container';
import { connectionIdArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/** Switch Connection: to the given one, or the one picked (the pick offers Add Connection too). */
export class SwitchConnectionCommand implements Command {
  readonly id = COMMANDS.switchConnection;
  constructor(private readonly services: Container) {}

  async execute(connection?: unknown): Promise<Connection | undefined> {
    const id = connectionIdArg(connection);
    if (id === undefined) return this.services.setup.pickActive();
    await this.services.connections.setActive(id);
    return this.services.connections.active();
  }
}
