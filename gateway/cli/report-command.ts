/**
 * `report flagged --from DAY [--to DAY]`: what the team was charged for data a member flagged wrong, as a CSV in the
 * columns of the extension's own dispute report (its usage page), for the admin to send to the service's support.
 */
import { parseArgs } from 'node:util';
import type { Sql } from '../db/database';
import { flaggedCharges, flaggedChargesCsv } from '../flags';
import { type CommandResult, UsageError } from './command-result';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The start of a UTC day written `YYYY-MM-DD`, or a usage error naming the option. */
function dayStart(text: string, option: string): Date {
  const at = new Date(`${text}T00:00:00.000Z`);
  if (!DAY.test(text) || Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== text) {
    throw new UsageError(
      `${option} takes a day written YYYY-MM-DD (UTC), such as 2026-12-01; got "${text}".`,
    );
  }
  return at;
}

export async function reportCommand(
  db: Sql,
  sub: string | undefined,
  rest: readonly string[],
  now: Date,
): Promise<CommandResult> {
  if (sub !== 'flagged') {
    throw new UsageError(
      `Unknown report "${sub ?? ''}": use report flagged --from YYYY-MM-DD [--to YYYY-MM-DD].`,
    );
  }
  const { values } = parseArgs({
    args: rest as string[],
    allowPositionals: false,
    options: { from: { type: 'string' }, to: { type: 'string' } },
  });
  if (values.from === undefined) {
    throw new UsageError('report flagged needs --from YYYY-MM-DD (UTC), the first day of the period.');
  }
  const from = dayStart(values.from, '--from');
  const lastDay =
    values.to === undefined ? dayStart(now.toISOString().slice(0, 10), '--to') : dayStart(values.to, '--to');
  if (lastDay < from) {
    throw new UsageError(`--to (${values.to}) is before --from (${values.from}): the period would be empty.`);
  }
  // --to names the period's last day: it runs to the end of it.
  const until = new Date(lastDay.getTime() + 86_400_000);
  const csv = flaggedChargesCsv(await flaggedCharges(db, from, until));
  return { lines: csv.replace(/\r?\n$/, '').split(/\r?\n/) };
}
