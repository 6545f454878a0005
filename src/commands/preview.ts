import type { Container } from '../services/container';
import type { SendOptions } from '../services/payloadRequests';
import { documentOf } from '../util/documents';
import { optionsArg, uriArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/** Preview Order: the given or active order/preview file, checked, then POST /v2/orders/preview. */
export class PreviewCommand implements Command {
  readonly id = COMMANDS.preview;
  constructor(private readonly services: Container) {}

  async execute(uri?: unknown, options?: unknown) {
    const doc = await documentOf(uriArg(uri));
    return this.services.payloads.preview(doc, optionsArg<SendOptions>(options));
  }
}
