import type { Container } from '../services/container';
import { documentOf } from '../util/documents';
import { optionsArg, uriArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/** Send the given or active *.request.json file (its CodeLens). */
export class SendRequestFileCommand implements Command {
  readonly id = COMMANDS.sendRequestFile;
  constructor(private readonly services: Container) {}

  async execute(uri?: unknown, options?: unknown): Promise<unknown> {
    const doc = await documentOf(uriArg(uri));
    if (!doc) return undefined;
    return this.services.operations.sendFile(doc, optionsArg<{ confirmed: boolean }>(options).confirmed);
  }
}
