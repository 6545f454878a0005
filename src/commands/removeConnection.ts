import type { Container } from '../services/container';
import { connectionIdArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/** Remove Connection: the given one at once, or the one picked and confirmed. */
export class RemoveConnectionCommand implements Command {
  readonly id = COMMANDS.removeConnection;
  constructor(private readonly services: Container) {}

  execute(connection?: unknown): Promise<void> {
    return this.services.setup.remove(connectionIdArg(connection));
  }
}
