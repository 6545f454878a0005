import * as vscode from 'vscode';
import { findOperation, V1_OBJECT_NAMES } from '../catalog';
import type { Container } from '../services/container';
import { stringArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/** Describe Object: GET /v1/describe/{object} for an object API name. */
export class DescribeObjectCommand implements Command {
  readonly id = COMMANDS.describeObject;
  constructor(private readonly services: Container) {}

  async execute(name?: unknown): Promise<unknown> {
    const options = { title: 'Describe Object', placeHolder: 'An object API name (spec 01)' };
    const object = stringArg(name) ?? (await vscode.window.showQuickPick([...V1_OBJECT_NAMES], options));
    if (!object) return undefined;
    const describe = findOperation('GET', '/v1/describe/{object}')!;
    return this.services.operations.send(describe, { pathParams: { object }, query: {} });
  }
}
