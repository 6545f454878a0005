import type { Container } from '../services/container';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';
import type { CopiedCatalog } from '../products';

/** Billing: Copy Catalog to Local Sandbox. Returns what the Local sandbox now prices from (undefined: not copied). */
export class CopyCatalogCommand implements Command {
  readonly id = COMMANDS.copyCatalog;
  constructor(private readonly services: Container) {}

  execute(): Promise<CopiedCatalog | undefined> {
    return this.services.catalogCopy.copy();
  }
}
