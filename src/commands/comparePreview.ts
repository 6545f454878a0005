import type { Container } from '../services/container';
import { documentOf } from '../util/documents';
import { optionsArg, uriArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/**
 * Compare Preview Across Connections: the given or active order/preview file previewed on two connections.
 * From the editor: the active connection and one picked; programmatically `{ connections: [idA, idB] }`.
 */
export class ComparePreviewCommand implements Command {
  readonly id = COMMANDS.comparePreview;
  constructor(private readonly services: Container) {}

  async execute(uri?: unknown, options?: unknown) {
    const { connections } = optionsArg<{ connections: string[] }>(options);
    const doc = await documentOf(uriArg(uri));
    return this.services.comparisons.compare(doc, Array.isArray(connections) ? connections : undefined);
  }
}
