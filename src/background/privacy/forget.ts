/**
 * "Forget this person" from a contact card: the person goes on the do-not-contact list (this browser's, and on a team
 * gateway the team's, which also erases them from the team vault and its send marks: `POST /v1/team/forget`, free),
 * then leaves this browser's vault with what was sent of them and their flags. The answer says what was erased and
 * names where they had been sent (with the record's link), since a destination keeps its own copy: the recruiter
 * removes them there.
 */
import { ApiError } from '../../api/errors';
import { TeamForgetResponse } from '../../api/team-schema';
import { dncIdentifiers } from '../../domain/do-not-contact';
import { refuse } from '../../protocol/result';
import type { ForgetOutcome } from '../../protocol/shapes';
import { listLocally } from '../../store/database/do-not-contact';
import { sentFor } from '../../store/database/sent';
import { vault } from '../../store/database/vault/vault';
import { vaultWrite } from '../../store/database/vault/vault-write';
import { membershipNow } from '../team/team';
import { gateway } from '../team/team-send';
import { identifiersOf } from './do-not-contact';

const FORGET_TIMEOUT_MS = 15_000;

export async function forgetContact(key: string): Promise<ForgetOutcome> {
  const read = await vault.read(key);
  if (read.state === 'missing') throw refuse('This contact is no longer in this browser.');
  const record = read.state === 'ok' ? read.value : null;
  const target = {
    socialUrl: record?.socialUrl ?? (key.startsWith('id:') ? null : key),
    candidateId: record?.candidateId ?? (key.startsWith('id:') ? key.slice(3) : null),
  };
  const identifiers = dncIdentifiers(identifiersOf(target, record));
  if (identifiers.length > 0) await listLocally(identifiers, 'erasure');

  const sent = new Map<string, { label: string; link: string | null }>();
  for (const mark of (await sentFor([key])).get(key) ?? []) {
    sent.set(mark.destinationId, { label: mark.label, link: mark.link ?? null });
  }

  let team: ForgetOutcome['team'] = null;
  if (await membershipNow.get()) {
    const email = identifiers.filter((one) => one.kind === 'email').map((one) => one.value);
    const body = {
      ...(target.socialUrl ? { social_url: target.socialUrl } : { candidate_id: target.candidateId }),
      ...(email.length > 0 ? { emails: email } : {}),
    };
    const response = await gateway('/v1/team/forget', body, FORGET_TIMEOUT_MS).catch(() => null);
    const parsed = response?.status === 200 ? TeamForgetResponse.safeParse(await response.json()) : null;
    if (!parsed?.success) {
      // Kept here (and listed here) so it can be asked again: the team must not keep what this browser erased.
      throw new ApiError({
        kind: 'not-now',
        message:
          'Your team’s gateway did not answer, so this person is still in the team’s contacts. They are on your do-not-contact list here; try Forget again in a moment.',
      });
    }
    team = { items: parsed.data.items };
    for (const mark of parsed.data.sent) sent.set(mark.destination, { label: mark.label, link: mark.link });
  }

  const items = record
    ? (['email', 'phone', 'detailed_profile', 'healthcare_profile'] as const).filter(
        (item) => record[item]?.found,
      ).length
    : 0;
  await vaultWrite.remove([key]);
  return { name: record?.name ?? null, items, team, sent: [...sent.values()] };
}
