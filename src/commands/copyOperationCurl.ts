import type { Container } from '../services/container';
import { operationArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/** The operation as a cURL command for the active connection (the token is a placeholder). */
export class CopyOperationCurlCommand implements Command {
  readonly id = COMMANDS.copyOperationCurl;
  constructor(private readonly services: Container) {}

  async execute(operation?: unknown): Promise<string | undefined> {
    const op = operationArg(operation);
    return op && this.services.operations.copyCurl(op);
  }
}
