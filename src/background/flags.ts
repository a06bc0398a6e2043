/**
 * Flagging a contact's data wrong, and taking a flag back, on the user's click: free, kept on the contact's record
 * in the contact's turn (`serialised`), so a reveal of the same contact under way neither loses the flag nor is lost.
 * On a team gateway the flag is the team's: the gateway is told first (`team-flags.ts`), and one it refuses is not
 * kept here either.
 */
import { refuse, refuseNow } from '../protocol/result';
import { vault } from '../store/database/vault/vault';
import type { FlagTarget } from '../store/database/vault/vault-flags';
import type { ContactRecord } from '../store/database/vault/vault-record';
import { vaultWrite } from '../store/database/vault/vault-write';
import { teamMembership } from '../store/items/team-membership';
import { serialised } from './contact-turn';
import { flagOf, tellTeamFlag } from './team/team-flags';

export interface FlagInput {
  key: string;
  target: FlagTarget;
  /** True to flag, false to take the flag back. */
  wrong: boolean;
  note?: string | undefined;
}

/** Flags (or unflags) an item of the contact kept under `key`; answers the record as stored. */
export function flagContact(input: FlagInput, now = () => new Date().toISOString()): Promise<ContactRecord> {
  return serialised(input.key, async () => {
    const read = await vault.read(input.key);
    if (read.state !== 'ok') throw refuseNow('This contact is no longer among your revealed contacts.');
    const record = read.value;
    const flags = { ...record.flags };
    const at = now();
    const note = input.note?.trim();
    if (input.wrong) {
      const state = input.target === 'person' ? null : record[input.target];
      if (input.target !== 'person' && !state?.found)
        throw refuse(`There is no ${input.target} revealed for this contact to flag.`);
      flags[input.target] = {
        at,
        ...(note ? { note } : {}),
        ...(state?.found ? { value: state.value } : {}),
      };
    } else {
      const flag = flags[input.target];
      if (!flag || flag.unflagged) return record;
      flags[input.target] = { ...flag, unflagged: { at } };
    }
    const team = await tellTeamFlag(record, input.target, input.wrong, note);
    // As the team keeps it (its time, who flagged it first when taken back), so the next round of the team's flags
    // finds nothing newer to keep.
    if (team) flags[input.target] = flagOf(team, (await teamMembership.get())?.member);
    const next: ContactRecord = { ...record, flags };
    await vaultWrite.put(next);
    return next;
  });
}
