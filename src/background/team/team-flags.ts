/**
 * Flags of data wrong on a team gateway: a flag (or its taking back) made here is the team's (`POST /v1/team/flag`,
 * free), and teammates' flags are kept on the contacts held here ("Flagged wrong by Alice, 3 Dec"): the gateway is
 * asked (`POST /v1/team/flags`, free) about every contact the vault gains or changes, and, whenever the membership is
 * read again, what changed since it last said of the contacts held here (never about anyone else).
 */
import { ApiError } from '../../api/errors';
import { type TeamFlagInfo, TeamFlagResponse, TeamFlagsResponse } from '../../api/team-schema';
import { recentKeys, vault } from '../../store/database/vault/vault';
import type { Flag, FlagTarget } from '../../store/database/vault/vault-flags';
import type { ContactRecord } from '../../store/database/vault/vault-record';
import { vaultWrite } from '../../store/database/vault/vault-write';
import { teamMembership } from '../../store/items/team-membership';
import { serialised } from '../contact-turn';
import {
  afterVaultChanges,
  askAboutHeld,
  type GatewayAnswer,
  gateway,
  gatewaySaid,
  identity,
} from './team-send';

const FLAG_TIMEOUT_MS = 8_000;

/** The time a flag last changed: its taking back, or its making. */
const changedAt = (flag: Flag) => flag.unflagged?.at ?? flag.at;

/** The team's flag as the contact keeps it; a name only where a teammate, not this member, said it. */
export function flagOf(info: TeamFlagInfo, me: string | undefined): Flag {
  return {
    at: info.flagged_at,
    ...(info.flagged_by !== me ? { by: info.flagged_by } : {}),
    ...(info.note ? { note: info.note } : {}),
    ...(info.value !== undefined ? { value: info.value } : {}),
    ...(info.unflagged_at
      ? {
          unflagged: {
            at: info.unflagged_at,
            ...(info.unflagged_by && info.unflagged_by !== me ? { by: info.unflagged_by } : {}),
          },
        }
      : {}),
  };
}

/**
 * Tells the team's gateway of a flag (or its taking back) before it is kept here, so a flag that did not reach the
 * team is not shown as the team's. Nothing when the service connection is not a team gateway, or the team holds
 * nothing of the person (a contact revealed before joining: the flag is this computer's alone). A gateway that
 * refuses or does not answer throws, with its words.
 */
export async function tellTeamFlag(
  record: ContactRecord,
  target: FlagTarget,
  wrong: boolean,
  note: string | undefined,
): Promise<TeamFlagInfo | null> {
  const membership = await teamMembership.get();
  const who = identity(record);
  if (!membership || !who) return null;
  let response: GatewayAnswer;
  try {
    response = await gateway(
      '/v1/team/flag',
      { ...who, target, wrong, ...(note ? { note } : {}) },
      FLAG_TIMEOUT_MS,
    );
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError({
      kind: 'network',
      message: "Your team's gateway did not answer, so nothing was flagged: try again.",
    });
  }
  const json: unknown = await response.json().catch(() => null);
  if (response.status === 404) return null;
  if (!response.ok) {
    const said = (json as { message?: unknown } | null)?.message;
    throw new ApiError({
      kind: response.status === 429 ? 'rate-limited' : response.status >= 500 ? 'server' : 'bad-request',
      status: response.status,
      message:
        typeof said === 'string' && said.trim() !== ''
          ? gatewaySaid(said)
          : `Your team's gateway refused the flag (error ${response.status}): nothing was flagged.`,
    });
  }
  const parsed = TeamFlagResponse.safeParse(json);
  return parsed.success ? parsed.data.flag : null;
}

/** Keeps the team's flags on the contact under `key` where they are newer than those it holds. */
async function keepTeamFlags(key: string, infos: readonly TeamFlagInfo[], me: string): Promise<void> {
  if (infos.length === 0) return;
  await serialised(key, async () => {
    const read = await vault.read(key);
    if (read.state !== 'ok') return;
    const record = read.value;
    const flags = { ...record.flags };
    let changed = false;
    for (const info of infos) {
      const team = flagOf(info, me);
      const held = flags[info.target];
      if (held && changedAt(held) >= changedAt(team)) continue;
      flags[info.target] = team;
      changed = true;
    }
    if (changed) await vaultWrite.put({ ...record, flags });
  });
}

/**
 * Keeps the team's flags (changed after `since`, when given) of the contacts under `keys`, in questions of at most
 * `HELD_MAX_PEOPLE`; answers the gateway's `as_of` of the first, or null when the service connection is not a team
 * gateway or the gateway did not answer (the flags stay as they were).
 */
export async function markTeamFlags(keys: readonly string[], since?: string): Promise<string | null> {
  const membership = await teamMembership.get();
  if (!membership) return null;
  return askAboutHeld(keys, since, '/v1/team/flags', FLAG_TIMEOUT_MS, TeamFlagsResponse, async (answers) => {
    for (const { key, person } of answers) await keepTeamFlags(key, person.flags, membership.member);
  });
}

/** How many contacts a round of {@link markRecentTeamFlags} asks about: as many as the round of team sends. */
const RECENT_FLAGS_MAX_PEOPLE = 1000;

/**
 * Keeps what teammates flagged since the gateway last said (everything, the first time) of the contacts held here
 * (the most recent 1,000), and remembers how far it got. Nothing when the service connection is not a team gateway.
 */
export async function markRecentTeamFlags(): Promise<void> {
  const membership = await teamMembership.get();
  if (!membership) return;
  const asOf = await markTeamFlags(await recentKeys(RECENT_FLAGS_MAX_PEOPLE), membership.flagsSeen);
  if (asOf === null) return;
  const now = await teamMembership.get();
  if (now?.team === membership.team && now.member === membership.member) {
    await teamMembership.set({ ...now, flagsSeen: asOf });
  }
}

/** Keeps teammates' flags on every contact the vault gains or changes, a moment after, in batches. */
export function followTeamFlags(onError: (error: unknown) => void): () => void {
  return afterVaultChanges((keys) => markTeamFlags(keys), onError);
}
