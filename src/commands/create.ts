import type { Container } from '../services/container';
import { revealCreated } from '../services/orderCreate';
import type { SendOptions } from '../services/payloadRequests';
import { documentOf } from '../util/documents';
import { optionsArg, uriArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/** Create Order: the given or active payload, checked and confirmed; the tree and the panel then show the new order. */
export class CreateCommand implements Command {
  readonly id = COMMANDS.create;
  constructor(private readonly services: Container) {}

  async execute(uri?: unknown, options?: unknown) {
    const created = await this.services.payloads.create(
      await documentOf(uriArg(uri)),
      optionsArg<SendOptions>(options),
    );
    if (!created) return undefined;
    await revealCreated(this.services, created);
    return created.response;
  }
}
