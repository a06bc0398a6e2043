/** `npm run gateway -- retention [run | set …]`: the team vault's retention rules, shown, applied now, or set. */
import { parseArgs } from 'node:util';
import { COMMAND_LINE } from '../audit';
import type { Database } from '../db/database';
import { readRetentionRules, retentionRunLine, runTeamRetention, setRetentionRules } from '../retention';
import { type CommandResult, UsageError } from './command-result';

const generalWords = (days: number | null) =>
  days === null ? 'kept until erased' : `removed ${days} days after the team last bought something of them`;

export async function retentionCommand(
  db: Database,
  sub: string | undefined,
  rest: readonly string[],
): Promise<CommandResult> {
  if (sub === undefined) {
    const rules = await readRetentionRules(db);
    return {
      lines: [
        `EU rule: people in the EU, the EEA, the UK and Switzerland, and anyone whose location is not known, are removed ${rules.euDays} days after the team last bought something of them, unless sent to a destination.`,
        `Everyone, sent or not: ${generalWords(rules.generalDays)}.`,
        `In force since ${rules.since.toISOString()}; the gateway applies them every hour.`,
      ],
    };
  }
  if (sub === 'run') {
    if (rest.length > 0) throw new UsageError('Use: npm run gateway -- retention run');
    return { lines: [retentionRunLine(await runTeamRetention(db))] };
  }
  if (sub === 'set') {
    const { values } = parseArgs({
      args: [...rest],
      allowPositionals: false,
      options: { 'eu-days': { type: 'string' }, 'general-days': { type: 'string' } },
    });
    const current = await readRetentionRules(db);
    const euDays = values['eu-days'] === undefined ? current.euDays : Number(values['eu-days']);
    const general = values['general-days'];
    const generalDays =
      general === undefined ? current.generalDays : general === 'none' ? null : Number(general);
    try {
      await setRetentionRules(db, COMMAND_LINE, { euDays, generalDays });
    } catch (error) {
      if (error instanceof RangeError) throw new UsageError(error.message);
      throw error;
    }
    return {
      lines: [
        `EU rule: ${euDays} days unless sent. Everyone: ${generalWords(generalDays)}. The next run applies them (or: npm run gateway -- retention run).`,
      ],
    };
  }
  throw new UsageError('Use: npm run gateway -- retention [run | set --eu-days N --general-days N|none]');
}
