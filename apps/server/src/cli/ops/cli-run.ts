/**
 * What the operations CLIs (backup, restore, migrate-to-postgres) share: the working folder,
 * the configuration, argument parsing, and printing an `OpsError` without a stack.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError, loadConfig, type AppConfig } from '../../config/env';
import { OpsError } from './inventory';

/** Exit code of a CLI that did nothing on purpose (PostgreSQL: it printed the commands to run). */
export const EXIT_NOTHING_DONE = 2;

/** Parses `argv` with node:util parseArgs, turning its errors into an `OpsError` with the usage. */
export function parseCliArgs<T extends NonNullable<ParseArgsConfig['options']>>(
  argv: string[],
  options: T,
  usage: string,
  allowPositionals = false,
) {
  try {
    return parseArgs({ args: argv, options, allowPositionals, strict: true });
  } catch (err) {
    throw new OpsError(`${err instanceof Error ? err.message : String(err)}\n\n${usage}`);
  }
}

/**
 * Runs a CLI's `main` when the module is the program: in the folder npm was started in (so a
 * relative DATA_DIR or path means what it does for `npm start`), config loaded, `OpsError`s
 * and configuration errors printed as they are, anything else with its stack.
 */
export function runCli(
  moduleUrl: string,
  main: (argv: string[], config: AppConfig) => Promise<number>,
): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(path.resolve(process.argv[1])).href) return;
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const run = async () => {
    try {
      return await main(process.argv.slice(2), loadConfig());
    } catch (err) {
      if (err instanceof OpsError || err instanceof ConfigError) {
        console.error(err.message);
        return 1;
      }
      throw err;
    }
  };
  run().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
