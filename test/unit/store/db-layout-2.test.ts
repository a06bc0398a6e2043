/**
 * Layout 2 (the do-not-contact list's store) from a database of layout 1 as the first release (1.0.0) made and wrote
 * it: every store and index of 1.0.0's `upgrade`, one record of each kind in the shapes 1.0.0 wrote, opened by this
 * code: every record kept as it was, still read by the vault and the ledger, and the new store working.
 */
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDb, DB_NAME, DB_VERSION, db } from '../../../src/store/database/db';
import { listLocally, localEntries, localEntryOf } from '../../../src/store/database/do-not-contact';
import { vault } from '../../../src/store/database/vault/vault';

afterEach(closeDb);

const ADA = 'https://www.linkedin.com/in/ada-lovelace-demo';

/** The layout 1.0.0 made (its `upgrade`, version 1), copied here so later changes to db.ts cannot change the fixture. */
async function layoutOneAsReleased() {
  return openDB(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('meta');
      const contacts = database.createObjectStore('contacts', { keyPath: 'key' });
      contacts.createIndex('candidateId', 'candidateId');
      contacts.createIndex('updatedAt', 'updatedAt');
      database.createObjectStore('sent', { keyPath: 'key' }).createIndex('contactKey', 'contactKey');
      const ledger = database.createObjectStore('ledger', { keyPath: 'id' });
      ledger.createIndex('day', ['day', 'seq']);
      ledger.createIndex('open', 'open');
      ledger.createIndex('ref', 'ref');
      const jobs = database.createObjectStore('jobs', { keyPath: 'id' });
      jobs.createIndex('current', 'current');
      jobs.createIndex('filed', ['kind', 'filedAt']);
      database.createObjectStore('jobItems', { keyPath: ['job', 'n'] });
      database.createObjectStore('searches');
    },
  });
}

const CONTACT = {
  v: 1,
  key: ADA,
  socialUrl: ADA,
  candidateId: 'demo-ada',
  name: 'Ada Lovelace',
  currentTitle: 'Analyst',
  currentEmployer: 'Engines Ltd',
  location: 'London, England, United Kingdom',
  email: { found: true, value: 'ada.lovelace@example.com', at: '2026-11-30T10:00:00.000Z' },
  phone: { found: false, at: '2026-11-30T10:00:00.000Z' },
  updatedAt: '2026-11-30T10:00:00.000Z',
};
const SENT = {
  key: `lever ${ADA}`,
  contactKey: ADA,
  destinationId: 'lever',
  label: 'Lever',
  state: 'sent',
  status: 'created',
  recordId: 'opp-1',
  link: 'https://hire.lever.co/candidates/opp-1',
  sentAt: '2026-11-30T10:05:00.000Z',
  updatedAt: '2026-11-30T10:05:00.000Z',
};
const LEDGER = {
  kind: 'charge',
  id: 'entry-1',
  at: '2026-11-30T09:59:59.000Z',
  action: 'lookup',
  items: ['email'],
  credits: 3,
  maxCredits: 3,
  state: 'charged',
  ref: 'reveal-1',
  subject: ADA,
  day: '2026-11-30',
  seq: 1,
};
const JOB = { id: 'bulk-1', kind: 'bulk', filedAt: '2026-11-30T11:00:00.000Z', status: 'done' };
const JOB_ITEM = { job: 'bulk-1', n: 0, item: { socialUrl: ADA, state: 'revealed' } };
const SEARCH = { query: { job_title: 'Analyst' }, pages: [] };

describe('layout 2 from the first release’s layout 1', () => {
  it('keeps every record of every store, and adds the do-not-contact list', async () => {
    const old = await layoutOneAsReleased();
    await old.put('meta', { remaining: 42, at: '2026-11-30T10:00:00.000Z' }, 'ledger');
    await old.put('contacts', CONTACT);
    await old.put('sent', SENT);
    await old.put('ledger', LEDGER);
    await old.put('jobs', JOB);
    await old.put('jobItems', JOB_ITEM);
    await old.put('searches', SEARCH, 'current');
    old.close();

    const now = await db();
    expect(now.version).toBe(DB_VERSION);
    expect(DB_VERSION).toBe(2);
    expect(await now.get('meta', 'ledger')).toEqual({ remaining: 42, at: '2026-11-30T10:00:00.000Z' });
    expect(await now.get('contacts', ADA)).toEqual(CONTACT);
    expect(await now.get('sent', SENT.key)).toEqual(SENT);
    expect(await now.get('ledger', 'entry-1')).toEqual(LEDGER);
    expect(await now.get('jobs', 'bulk-1')).toEqual(JOB);
    expect(await now.get('jobItems', ['bulk-1', 0])).toEqual(JOB_ITEM);
    expect(await now.get('searches', 'current')).toEqual(SEARCH);
    // The indexes of layout 1 still find them.
    expect(await now.getAllFromIndex('contacts', 'candidateId', 'demo-ada')).toEqual([CONTACT]);
    expect(await now.getAllFromIndex('sent', 'contactKey', ADA)).toEqual([SENT]);
    expect(await now.getAllFromIndex('ledger', 'ref', 'reveal-1')).toEqual([LEDGER]);
    // And the code reads them as before.
    expect(await vault.read(ADA)).toMatchObject({ state: 'ok', value: { name: 'Ada Lovelace' } });

    expect([...now.objectStoreNames]).toContain('doNotContact');
    expect(await localEntries()).toEqual([]);
    const listed = await listLocally([{ kind: 'url', value: ADA }], 'objected');
    expect(listed.added).toBe(true);
    expect(await localEntryOf([{ kind: 'url', value: ADA }])).toMatchObject({ reason: 'objected' });
  });

  it('makes layout 2 on a first install too', async () => {
    const fresh = await db();
    expect(fresh.version).toBe(2);
    expect([...fresh.objectStoreNames].sort()).toEqual(
      ['contacts', 'doNotContact', 'jobItems', 'jobs', 'ledger', 'meta', 'searches', 'sent'].sort(),
    );
  });
});
