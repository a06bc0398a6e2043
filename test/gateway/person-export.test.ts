/**
 * An access request's export: what the team holds about one person (items with who and when, charges, audit
 * entries, do-not-contact) as JSON and as CSV rows, read-only; and nothing about a person the team does not hold.
 */
import { describe, expect, it } from 'vitest';
import { exportPerson, personExportRows } from '../../gateway/person-export';
import { ADA, KWAME, pgliteDatabase, useTeam } from './harness';

const t = useTeam(pgliteDatabase);

describe('what the team holds about a person', () => {
  it('lists the items, who revealed them and when, the charges and the audit entries', async () => {
    const answer = await t.team.post('/v1/lookup', t.alice, { social_url: ADA, reveal_personal_email: true });
    const email = answer.body.data.contacts[0].profile.personal_email as string;
    await t.team.post('/v1/team/do-not-contact', t.bob, { social_url: ADA, reason: 'objected' });
    const data = await exportPerson(t.db, { socialUrl: ADA });
    expect(data.person).toMatchObject({ profile_url: ADA, name: 'Ada Lovelace' });
    expect(data.items).toEqual([
      {
        item: 'email',
        found: true,
        value: email,
        revealed_by: 'Alice Smith',
        revealed_at: expect.any(String),
      },
    ]);
    expect(data.charges).toMatchObject([
      { member: 'Alice Smith', action: 'lookup', credits: 3, status: 'charged' },
    ]);
    expect(data.audit).toMatchObject([{ kind: 'Reveal', actor: 'Alice Smith' }]);
    expect(data.do_not_contact).toMatchObject({ reason: 'objected', added_by: 'Bob Lee' });
    const rows = personExportRows(data);
    expect(rows[0]).toEqual(['Section', 'What', 'Value', 'Who', 'When']);
    // The CSV is read by a person: every stored name in words, never the gateway's own.
    expect(rows).toContainEqual(['Item', 'Email', email, 'Alice Smith', data.items[0]!.revealed_at]);
    expect(rows).toContainEqual([
      'Charge',
      'Reveal',
      '3 credits (charged)',
      'Alice Smith',
      data.charges[0]!.at,
    ]);
    expect(rows).toContainEqual([
      'Do not contact',
      'Objected to being contacted',
      '',
      'Bob Lee',
      data.do_not_contact!.added_at,
    ]);
  });

  it('says nothing is held of a person the team never looked up', async () => {
    const data = await exportPerson(t.db, { socialUrl: KWAME });
    expect(data).toMatchObject({
      person: null,
      items: [],
      sends: [],
      charges: [],
      audit: [],
      do_not_contact: null,
    });
  });
});
