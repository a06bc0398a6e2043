/**
 * The admin commands (`npm run gateway -- member add …`, `usage`, `erase`, `team name`), over an open database.
 * Each returns its output lines rather than printing, so the same code runs from the command line and, for a PGlite
 * folder a running gateway holds, inside that gateway (see `remote.ts`).
 */
import { parseArgs } from 'node:util';
import { checkBaseUrl } from '../../src/api/base-url';
import { formatInvitation } from '../../src/api/invitation';
import { formatCredits } from '../../src/api/pricing';
import { toCsv } from '../../src/search/csv';
import { eraseAudited, inviteMember, revokeAudited, setCapsAudited } from '../admin/actions';
import { adminCommand } from '../admin/link-command';
import { COMMAND_LINE } from '../audit';
import type { Database } from '../db/database';
import { type Caps, checkName, listMembers } from '../members';
import { spentBy, usageSince } from '../spend';
import { readTeam, setTeamName } from '../team';
import { personKeyOf } from '../vault';
import { type CommandResult, UsageError } from './command-result';
import { reportCommand } from './report-command';
import { retentionCommand } from './retention-command';
import { type SendCommandIo, sendCommand } from './send-commands';

export const USAGE = `usage: npm run gateway -- <command>

  serve [--port N] [--host HOST]          serve the gateway (SERVICE_BASE_URL, SERVICE_API_KEY or SERVICE_API_KEY_FILE)
  member add NAME [--daily-cap N] [--monthly-cap N] [--url GATEWAY_URL]
                                          add a member; prints the member key (shown once) as the last line,
                                          and with --url (the address members reach this gateway at) an
                                          invitation: that address and the key in one line to paste
  member list                             members, their caps and spend
  member revoke NAME                      refuse the member's key from now on, on every instance
  member caps NAME [--daily-cap N|none] [--monthly-cap N|none]
                                          change a member's caps (credits)
  usage [--since 30d] [--csv]             spend per member and per item
  report flagged --from YYYY-MM-DD [--to YYYY-MM-DD]
                                          what the team was charged for data a member flagged wrong (CSV, the
                                          columns of the extension's dispute report), for the service's support
  erase PROFILE_URL|CANDIDATE_ID          erase a person from the team vault
  team name NAME                          the team's name, as members see it
  retention                               the team vault's retention rules
  retention run                           apply them now: remove everyone a rule removes (the server does hourly)
  retention set --eu-days N [--general-days N|none]
                                          keep people under the EU rule N days (1 to 30) unless sent, everyone
                                          N days (or until erased)
  send set lever --key-file FILE [--perform-as USER] [--posting ID] [--url API_URL]
  send set ashby --key-file FILE [--url API_URL]
  send set hubspot --key-file FILE [--url API_URL]
  send set webhook --url-file FILE [--secret-file FILE]
                                          hold a destination's key, read from FILE (- for standard input; never
                                          on the command line), sealed with SECRETS_KEY_FILE: members send through
                                          the gateway (checked with a free call first; a webhook without a secret
                                          gets one, shown once)
  send list                               the destinations members send to
  send remove lever|ashby|hubspot|webhook forget a destination and its key (what was sent stays marked)
  admin link [--name NAME] [--url GATEWAY_URL]
                                          a link to sign in to the console at GATEWAY_URL/admin (default
                                          http://127.0.0.1:8788), once, within 15 minutes
  admin sign-out-all                      end every console session

Data: DATABASE_URL=postgres://… for a PostgreSQL server, else a PGlite folder (GATEWAY_DATA_DIR, default .gateway-data).`;

export { type CommandResult, UsageError };

function capValue(text: string | undefined, flag: string, allowNone: boolean): number | null | undefined {
  if (text === undefined) return undefined;
  if (allowNone && text.toLowerCase() === 'none') return null;
  if (!/^\d+$/.test(text) || Number(text) > 2_000_000_000) {
    throw new UsageError(
      `${flag} takes a whole number of credits${allowNone ? ' or "none"' : ''}; got "${text}".`,
    );
  }
  return Number(text);
}

/** `30d`, `12h`, `2w` → milliseconds. */
export function parsePeriod(text: string): number {
  const match = /^(\d+)\s*([hdw])$/i.exec(text.trim());
  if (!match) throw new UsageError(`--since takes a period such as 30d, 12h or 2w; got "${text}".`);
  const unit = { h: 3600_000, d: 86_400_000, w: 7 * 86_400_000 }[match[2]!.toLowerCase() as 'h' | 'd' | 'w'];
  return Number(match[1]) * unit;
}

const capWords = (caps: Caps) =>
  `daily cap ${caps.dailyCap === null ? 'none' : formatCredits(caps.dailyCap)}, monthly cap ${
    caps.monthlyCap === null ? 'none' : formatCredits(caps.monthlyCap)
  }`;

function oneName(positionals: string[], what: string): string {
  if (positionals.length === 0) throw new UsageError(`Name the member to ${what}, e.g. "Alice Smith".`);
  if (positionals.length > 1) {
    throw new UsageError(`Put the member's name in quotes: "${positionals.join(' ')}".`);
  }
  const checked = checkName(positionals[0]!);
  if (!checked.ok) throw new UsageError(checked.message);
  return checked.name;
}

/** Runs one admin command (argv without `serve`). Throws UsageError for a bad command line. */
export async function runCommand(
  db: Database,
  argv: readonly string[],
  now = new Date(),
  io: SendCommandIo = {},
): Promise<CommandResult> {
  const [command, sub, ...rest] = argv;
  const lines: string[] = [];
  if (command === 'member') {
    const args = rest;
    if (sub === 'add') {
      const { values, positionals } = parseArgs({
        args,
        allowPositionals: true,
        options: {
          'daily-cap': { type: 'string' },
          'monthly-cap': { type: 'string' },
          url: { type: 'string' },
        },
      });
      const name = oneName(positionals, 'add');
      const address = values.url === undefined ? null : checkBaseUrl(values.url);
      if (address && !address.ok) throw new UsageError(`--url: ${address.message}`);
      const caps: Caps = {
        dailyCap: capValue(values['daily-cap'], '--daily-cap', false) ?? null,
        monthlyCap: capValue(values['monthly-cap'], '--monthly-cap', false) ?? null,
      };
      const { member, key } = await inviteMember(db, COMMAND_LINE, name, caps);
      lines.push(`Added ${member.name} (${capWords(member)}).`);
      if (address?.ok) {
        lines.push(
          `Give ${member.name} this invitation (the gateway's address and the member key in one line, shown only once); it is pasted where Candidate Lens asks for an API key:`,
        );
        lines.push(formatInvitation({ baseUrl: address.baseUrl, key }));
        lines.push(`The member key alone, for typing the address ${address.baseUrl} by hand:`);
      } else {
        lines.push(
          `Give ${member.name} this member key, with the gateway's address; it is shown only once (add --url with the address to print an invitation holding both):`,
        );
      }
      lines.push(key);
      return { lines };
    }
    if (sub === 'list') {
      parseArgs({ args, allowPositionals: false, options: {} });
      const members = await listMembers(db);
      if (members.length === 0)
        return { lines: ['No members yet: npm run gateway -- member add "Alice Smith"'] };
      for (const member of members) {
        const spent = await spentBy(db, member.id);
        const state = member.revokedAt ? `revoked ${member.revokedAt.toISOString().slice(0, 10)}` : 'active';
        lines.push(
          `${member.name}  [${state}, key …${member.keyHint}]  ${capWords(member)}; ` +
            `spent today ${spent.today}, this month ${spent.thisMonth}`,
        );
      }
      return { lines };
    }
    if (sub === 'revoke') {
      const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
      const name = oneName(positionals, 'revoke');
      const member = await revokeAudited(db, COMMAND_LINE, name);
      if (!member)
        throw new UsageError(`No active member is named "${name}" (npm run gateway -- member list).`);
      return { lines: [`Revoked ${member.name}'s key: every gateway instance refuses it from now on.`] };
    }
    if (sub === 'caps') {
      const { values, positionals } = parseArgs({
        args,
        allowPositionals: true,
        options: { 'daily-cap': { type: 'string' }, 'monthly-cap': { type: 'string' } },
      });
      const name = oneName(positionals, 'change');
      const daily = capValue(values['daily-cap'], '--daily-cap', true);
      const monthly = capValue(values['monthly-cap'], '--monthly-cap', true);
      if (daily === undefined && monthly === undefined) {
        throw new UsageError('Give --daily-cap N and/or --monthly-cap N (a number of credits, or "none").');
      }
      const member = await setCapsAudited(db, COMMAND_LINE, name, {
        ...(daily !== undefined ? { dailyCap: daily } : {}),
        ...(monthly !== undefined ? { monthlyCap: monthly } : {}),
      });
      if (!member)
        throw new UsageError(`No active member is named "${name}" (npm run gateway -- member list).`);
      return { lines: [`${member.name}: ${capWords(member)}.`] };
    }
    throw new UsageError(`Unknown member command "${sub ?? ''}": use add, list, revoke or caps.`);
  }

  if (command === 'usage') {
    const { values } = parseArgs({
      args: argv.slice(1) as string[],
      allowPositionals: false,
      options: { since: { type: 'string', default: '30d' }, csv: { type: 'boolean', default: false } },
    });
    const since = new Date(now.getTime() - parsePeriod(values.since!));
    const usage = await usageSince(db, since);
    const items = ['email', 'phone', 'detailed_profile', 'healthcare_profile', 'search'];
    if (values.csv) {
      const header = [
        'Member',
        'Status',
        ...items,
        'Credits',
        'Calls',
        'Uncertain calls',
        'Uncertain credits',
      ];
      const rows = usage.map((u) => [
        u.member,
        u.revoked ? 'revoked' : 'active',
        ...items.map((item) => String(u.items[item] ?? 0)),
        String(u.credits),
        String(u.calls),
        String(u.uncertainCalls),
        String(u.uncertain),
      ]);
      return {
        lines: toCsv(header, rows)
          .replace(/\r?\n$/, '')
          .split(/\r?\n/),
      };
    }
    lines.push(
      `Spend since ${since.toISOString().slice(0, 16).replace('T', ' ')} UTC (credits the service charged):`,
    );
    const words: Record<string, string> = {
      email: 'email',
      phone: 'phone',
      detailed_profile: 'detailed profile',
      healthcare_profile: 'healthcare data',
      search: 'searches',
    };
    let total = 0;
    for (const u of usage) {
      total += u.credits;
      const parts = items.filter((item) => u.items[item]).map((item) => `${words[item]} ${u.items[item]}`);
      const uncertain =
        u.uncertainCalls > 0 ? `; ${u.uncertainCalls} call(s) with no answer, up to ${u.uncertain} more` : '';
      lines.push(
        `  ${u.member}${u.revoked ? ' (revoked)' : ''}: ${formatCredits(u.credits)} in ${u.calls} call(s)` +
          `${parts.length ? ` (${parts.join(', ')})` : ''}${uncertain}`,
      );
    }
    lines.push(`  Team: ${formatCredits(total)}`);
    return { lines };
  }

  if (command === 'erase') {
    const target = [sub, ...rest].filter((v): v is string => v !== undefined);
    if (target.length !== 1)
      throw new UsageError('Name one person to erase: a profile URL or a candidate id.');
    const text = target[0]!;
    const byUrl = /linkedin\.com\//i.test(text) || /^https?:\/\//i.test(text);
    const key = personKeyOf(byUrl ? { social_url: text } : { candidate_id: text });
    const result = await eraseAudited(db, COMMAND_LINE, key);
    if (!result.erased)
      return { lines: [`The team vault holds nothing for ${key.socialUrl ?? key.candidateId}.`] };
    return {
      lines: [
        `Erased ${key.socialUrl ?? key.candidateId} from the team vault (${result.items} item(s)); the ledger keeps ` +
          'the charges without naming the person.',
      ],
    };
  }

  if (command === 'team') {
    if (sub !== 'name') throw new UsageError('Use: npm run gateway -- team name "Acme Recruiting"');
    if (rest.length === 0) return { lines: [`The team is named "${(await readTeam(db)).name}".`] };
    const checked = checkName(rest.join(' '));
    if (!checked.ok) throw new UsageError(checked.message.replace('member', 'team'));
    await setTeamName(db, checked.name);
    return { lines: [`The team is now named "${checked.name}".`] };
  }

  if (command === 'retention') return retentionCommand(db, sub, rest);

  if (command === 'send') return sendCommand(db, sub, rest, io);

  if (command === 'report') return reportCommand(db, sub, rest, now);

  if (command === 'admin') return adminCommand(db, sub, rest);

  throw new UsageError(command === undefined ? USAGE : `Unknown command "${command}".\n\n${USAGE}`);
}
