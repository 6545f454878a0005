import { findOperation } from '../catalog';
import { takesBody } from '../payloads';
import type { Container } from '../services/container';
import type { PartialRequest } from '../services/operationRequests';
import { stringArg } from './args';
import type { Command } from './commandManager';
import { pickOperation } from './findOperation';
import { COMMANDS } from './ids';

/**
 * New Request...: the operations that take a body, ranked by what is typed; the pick opens a request file
 * whose body validates clean (a template to choose where there are several), its query written there too,
 * beside the response panel rather than over it. From scripts and tests:
 * `{ operation, pathParams?, template? }` opens it without asking.
 */
export class NewRequestCommand implements Command {
  readonly id = COMMANDS.newRequest;
  constructor(private readonly services: Container) {}

  async execute(arg?: unknown): Promise<unknown> {
    const given =
      typeof arg === 'object' && arg !== null ? (arg as PartialRequest & { operation?: string }) : undefined;
    const id = stringArg(given?.operation);
    const [method, path] = (id ?? '').split(' ');
    const op = id ? findOperation(method, path ?? '') : await pickWritingOperation();
    if (!op) return undefined;
    return this.services.operations.send(
      op,
      given ? { pathParams: given.pathParams, query: {}, template: given.template } : undefined,
      'write',
    );
  }
}

const pickWritingOperation = () =>
  pickOperation({
    title: 'New Request',
    placeholder: 'The operation to write a request for ("create order", "refund a payment")',
    only: op => takesBody(op.method),
  });
