// The command line: the same core as the editor, for terminals and CI.
//   node dist/cli.js validate [--format text|json] [--kind order|preview|account|request] [--connection-catalog] FILE...
import { parseArgs } from 'util';
import { validateCommand } from './cli/validate';
import { sandboxCommand } from './cli/sandbox';
import { clockCommand } from './cli/clock';
import { listenCommand } from './cli/listen';
import { sendCommand } from './cli/send';
import { endpointsCommand } from './cli/endpoints';
import { parseTestArgs, testCommand } from './cli/test';
import { mcpCommand } from './cli/mcp';
import { mergeReportsCommand, parseMergeArgs } from './cli/mergeReports';
import { InputError, maxResponseOption, stdio, UsageError, type Io } from './cli/io';
import { fileErrorMessage, isFileSystemError } from './cli/files';
import { usage, VERSION } from './cli/usage';

export { writeSchemaFiles } from './schemas/jsonSchemas';

export async function main(argv: string[], io: Io = stdio): Promise<number> {
  const [command, ...rest] = argv;
  if (command === '--version' || command === '-v' || command === 'version') {
    io.out(VERSION);
    return 0;
  }
  // `<command> --help` (before any `--`, after which words are files): that command's usage, exit 0.
  const own = command !== undefined && asksHelp(rest) ? usage(command) : undefined;
  if (own !== undefined) {
    io.out(own);
    return 0;
  }
  if (command === 'help' && rest.length) {
    // `help help` and `help --help` are the whole usage; `help send` is refused as `send` itself is.
    const of = ['help', '--help', '-h'].includes(rest[0]) ? usage() : usage(rest[0]);
    if (of !== undefined) io.out(of);
    else io.err(unknownCommand(rest[0]));
    return of !== undefined ? 0 : 2;
  }
  try {
    switch (command) {
      case 'validate': {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: {
            format: { type: 'string', default: 'text' },
            kind: { type: 'string' },
            'connection-catalog': { type: 'boolean' },
            'base-url': { type: 'string' },
          },
        });
        const catalog = { connectionCatalog: values['connection-catalog'], baseUrl: values['base-url'] };
        return await validateCommand({ files: positionals, format: values.format!, kind: values.kind, ...catalog }, io);
      }
      case 'preview':
      case 'create': {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: {
            format: { type: 'string', default: 'table' },
            'base-url': { type: 'string' },
            periods: { type: 'string' },
            'max-response-mb': { type: 'string' },
            'account-name': { type: 'string' },
          },
        });
        if (positionals.length > 1) throw new UsageError(`${command} takes one FILE`);
        const periods = periodsOption(command, values.periods);
        const maxResponseBytes = maxResponseOption(values['max-response-mb']);
        const accountName = values['account-name'];
        if (accountName !== undefined && command !== 'create')
          throw new UsageError('--account-name is for create (the new account of a preview file)');
        const file = positionals[0];
        const { format, 'base-url': baseUrl } = values;
        return await sendCommand(
          command,
          { file, format: format!, baseUrl, periods, maxResponseBytes, accountName },
          io,
        );
      }
      case 'endpoints': {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: { format: { type: 'string', default: 'text' } },
        });
        return endpointsCommand(positionals.join(' ') || undefined, values.format!, io);
      }
      case 'sandbox': {
        const names = [
          'port',
          'token-ttl',
          'max-concurrent',
          'seed-accounts',
          'data',
          'latency',
          'faults',
          'today',
          'headers-timeout',
          'body-timeout',
          'catalog',
          'rounding',
          'proration',
          'days-in-month',
        ];
        const options = Object.fromEntries(names.map(k => [k, { type: 'string' as const }]));
        const { values } = parseArgs({ args: rest, options });
        try {
          return await sandboxCommand(values as Record<string, string | undefined>, io);
        } catch (e) {
          if (!isFileSystemError(e) || !values.data) throw e;
          io.err(`error: --data ${fileErrorMessage(e, values.data, true)}`); // the path given, not a temporary file
          return 2;
        }
      }
      case 'clock': {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: {
            'base-url': { type: 'string' },
            to: { type: 'string' },
            by: { type: 'string' },
            format: { type: 'string', default: 'text' },
          },
        });
        if (positionals.length) throw new UsageError(`clock takes no FILE ("${positionals[0]}"): give --to or --by`);
        const { to, by, format } = values;
        return await clockCommand({ baseUrl: values['base-url'], to, by, format: format! }, io);
      }
      case 'listen': {
        const opts = {
          'base-url': { type: 'string' },
          'forward-to': { type: 'string' },
          events: { type: 'string' },
        } as const;
        const { values } = parseArgs({ args: rest, options: opts });
        return await listenCommand(
          { baseUrl: values['base-url'], forwardTo: values['forward-to'], events: values.events },
          io,
        );
      }
      case 'test':
        return await testCommand(parseTestArgs(rest), io);
      case 'merge-reports':
        return mergeReportsCommand(parseMergeArgs(rest), io);
      case 'mcp': {
        const { values } = parseArgs({
          args: rest,
          options: { 'base-url': { type: 'string' }, yes: { type: 'boolean', default: false } },
        });
        return await mcpCommand({ baseUrl: values['base-url'], yes: values.yes }, io);
      }
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.out(usage()!);
        return command === undefined ? 2 : 0;
      default:
        io.err(unknownCommand(command));
        return 2;
    }
  } catch (e) {
    if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(`error: ${(e as Error).message}\n\n${(command && usage(command)) || usage()}`);
      return 2;
    }
    if (e instanceof InputError || isConfigError(e)) {
      const help = command && usage(command) ? `${command} --help` : '--help';
      io.err(`error: ${e.message}\n(see billing-workbench ${help})`); // the words were right: a hint, not the usage
      return 2;
    }
    if (isFileSystemError(e)) {
      io.err(`error: ${fileErrorMessage(e)}`); // e.g. a --data path that is a folder: say so, not EISDIR
      return 2;
    }
    io.err(`error: ${(e as Error).message}`);
    return 1;
  }
}

/** A word that is no command (`send`, a typo), with or without --help: said so, and the commands listed. */
const unknownCommand = (word: string) => `error: unknown command "${word}"\n\n${usage()}`;

const asksHelp = (args: string[]) => {
  const end = args.indexOf('--');
  return (end < 0 ? args : args.slice(0, end)).some(a => a === '--help' || a === '-h');
};

/** `--periods N`: a whole number, 0 or more, for preview only. */
function periodsOption(command: 'preview' | 'create', value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (command !== 'preview') throw new UsageError('--periods is for preview (what a preview bills), not create');
  const n = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n))
    throw new UsageError(`--periods must be a whole number, 0 or more, not "${value}"`);
  return n;
}

/** The client's refusal of a --base-url (not a URL, plain http to a remote host). By name: each subcommand's
 * bundle has its own copy of the client, so instanceof would not see it. */
const isConfigError = (e: unknown): e is Error =>
  e instanceof Error && e.name === 'ApiError' && (e as Error & { kind?: string }).kind === 'config';
