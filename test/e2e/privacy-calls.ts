/**
 * The calls each screen makes on opening, without a click, as PRIVACY.md lists them (its "Calls made without a
 * click" table): the journey that opens every screen compares what went out with this list, so a new call that the
 * policy does not name fails it, and the policy is the one place the list is kept.
 */
import { readFileSync } from 'node:fs';

export type Mode = 'solo' | 'team';

/** By connection, then screen: the calls ("GET /v1/team/me") the policy lists for it (a screen with none: []). */
export function callsWithoutClick(
  text = readFileSync(new URL('../../PRIVACY.md', import.meta.url), 'utf8'),
): Record<Mode, Record<string, string[]>> {
  const section = text.split(/^## Calls made without a click$/m)[1]?.split(/^## /m)[0];
  if (!section) throw new Error('PRIVACY.md has no "## Calls made without a click" section.');
  const out: Record<Mode, Record<string, string[]>> = { solo: {}, team: {} };
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length < 5 || cells[1] === 'Screen' || /^-+$/.test(cells[1] ?? '')) continue;
    const [, screen, connection, call] = cells as [string, string, string, string];
    const mode: Mode | null = /^the service$/i.test(connection)
      ? 'solo'
      : /gateway/i.test(connection)
        ? 'team'
        : null;
    if (!mode) throw new Error(`PRIVACY.md: unknown connection "${connection}" for ${screen}.`);
    out[mode][screen] ??= [];
    const calls = out[mode][screen];
    const named = /`((?:GET|POST) \/v1\/[^`\s]+)`/.exec(call);
    if (named) calls.push(named[1]!);
    else if (!/^none$/i.test(call)) throw new Error(`PRIVACY.md: "${call}" names no call for ${screen}.`);
  }
  return out;
}
