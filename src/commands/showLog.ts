import type { Container } from '../services/container';
import { COMMANDS } from './ids';
import type { Command } from './commandManager';

export class ShowLogCommand implements Command {
  readonly id = COMMANDS.showLog;
  constructor(private readonly services: Container) {}
  execute(): void {
    this.services.log.show(true);
  }
}
