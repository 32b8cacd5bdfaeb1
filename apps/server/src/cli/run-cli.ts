// Shared start-up for the command-line scripts: config errors print one line, no stack trace.
import { type Config, ConfigError, loadConfig } from '#server/config.ts';
import { ContentError } from '#server/seed/load-content.ts';

export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    exitWith(error);
  }
}

export function exitWith(error: unknown): never {
  if (error instanceof ConfigError || error instanceof ContentError) console.error(error.message);
  else console.error(error);
  process.exit(1);
}
