import type { NewConnection } from '../connections/connectionSetup';
import type { Connection } from '../connections/connectionStore';
import type { Container } from '../services/container';
import { optionsArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/** Add Connection: environment, base URL, name, then Sign In (tests and scripts may give any of them). */
export class AddConnectionCommand implements Command {
  readonly id = COMMANDS.addConnection;
  constructor(private readonly services: Container) {}

  execute(given?: unknown): Promise<Connection | undefined> {
    return this.services.setup.add(optionsArg<NewConnection>(given));
  }
}
