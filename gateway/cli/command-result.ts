/** What an admin command answers, and the mistake in a command line (its message says what to change). */
export class UsageError extends Error {}

export interface CommandResult {
  lines: string[];
}
