/**
 * "Update in Lever" (free): a contact sent to Lever whose LinkedIn page showed a new job since the reveal gets that
 * job on its Lever record. Lever's reference updates an opportunity's stage, archived state, links, tags and sources
 * only, never its headline, title or employer, so the change is told as a note on the record
 * (`leverAddNote`). Kept on the contact's observation (`noted`), so the card says it was done.
 */
import { refuse, refuseNow } from '../../protocol/result';
import { leverAddNote } from '../../send/destinations/lever';
import { savedDestination } from '../../send/saved';
import { sentTo } from '../../store/database/sent';
import { vault } from '../../store/database/vault/vault';
import type { Observation } from '../../store/database/vault/vault-flags';
import type { ContactRecord } from '../../store/database/vault/vault-record';
import { vaultWrite } from '../../store/database/vault/vault-write';
import { serialised } from '../contact-turn';
import { asApiError } from './send-error';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** The note Lever keeps: the job LinkedIn showed, when, and the one revealed before. */
export function jobChangeNote(record: ContactRecord, observed: Observation): string {
  const job = (title: string | null, employer: string | null) =>
    [title, employer].filter(Boolean).join(' at ') || 'no job shown';
  return `Job change seen on LinkedIn on ${day(observed.at)}: now ${job(observed.title, observed.employer)} (was ${job(record.currentTitle, record.currentEmployer)}). Added by Candidate Lens.`;
}

/** Tells the Lever record the contact under `key` was sent to of its job change; answers the record as kept. */
export function noteJobChange(input: { key: string; destinationId: string }): Promise<ContactRecord> {
  return serialised(input.key, async () => {
    const read = await vault.read(input.key);
    if (read.state !== 'ok') throw refuseNow('This contact is no longer among your revealed contacts.');
    const record = read.value;
    const observed = record.observed;
    if (!observed) throw refuse('LinkedIn has shown no new job for this contact since it was revealed.');
    const destination = await savedDestination(input.destinationId);
    if (destination?.kind !== 'lever')
      throw refuseNow('Only a Lever you added in Options, Send to, can be updated from here.');
    const sent = await sentTo(input.destinationId, input.key);
    if (sent?.state !== 'sent' || !sent.recordId)
      throw refuse(`This contact is not in ${destination.label} yet: send it there first.`);
    try {
      await leverAddNote(destination, sent.recordId, jobChangeNote(record, observed));
    } catch (error) {
      throw asApiError(error);
    }
    const next: ContactRecord = {
      ...record,
      observed: {
        ...observed,
        noted: [
          ...(observed.noted ?? []).filter((told) => told.destination !== input.destinationId),
          { destination: input.destinationId, at: new Date().toISOString() },
        ],
      },
    };
    await vaultWrite.put(next);
    return next;
  });
}
