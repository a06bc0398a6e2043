import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ContactRecord } from '../../../../src/store/database/vault/vault-record';
import { vaultWrite } from '../../../../src/store/database/vault/vault-write';
import { type ContactSummary, libraryReads, newestFirst } from '../../../../src/ui/contacts/library-reads';

const at = Date.parse('2026-11-01T10:00:00.000Z');
/** Contact i changed at minute i / 3 (three at each moment, so equal times are ordered by key). */
const contact = (i: number): ContactRecord => ({
  v: 1,
  key: `https://www.linkedin.com/in/m${String(i).padStart(4, '0')}`,
  socialUrl: `https://www.linkedin.com/in/m${String(i).padStart(4, '0')}`,
  candidateId: null,
  name: `Person ${i}`,
  currentTitle: i % 7 < 2 ? 'Nurse' : 'Engineer',
  currentEmployer: null,
  updatedAt: new Date(at + Math.floor(i / 3) * 60_000).toISOString(),
});
const nurses = (step: ContactSummary[]) => step.filter((s) => s.title === 'Nurse');

describe("the library's first page of a query's matches", () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    await vaultWrite.clear();
    await vaultWrite.putMany(Array.from({ length: 2000 }, (_, i) => contact(i)));
  });

  it('is the first matches in the order of the whole list, newest or oldest first, ties at its end included', async () => {
    const every = await libraryReads.all();
    const expected = nurses(every).sort(newestFirst);
    expect(await libraryReads.firstMatching(nurses, 100, true, () => false)).toEqual(expected.slice(0, 100));
    expect(await libraryReads.firstMatching(nurses, 100, false, () => false)).toEqual(
      [...expected].reverse().slice(0, 100),
    );
  });

  it('reads only as far as it must: a page, or the contacts it may read, then says what it found', async () => {
    // Contacts read: those handed to the query (a step of 100 until a first match, 250 after).
    let read = 0;
    const counting = (step: ContactSummary[]) => {
      read += step.length;
      return nurses(step);
    };
    const page = await libraryReads.firstMatching(counting, 10, true, () => false);
    expect(page).toHaveLength(10);
    // (and the contacts changed at the moment it stopped at: three a minute here)
    expect(read).toBeLessThanOrEqual(100 + 3);
    // A page not filled within the contacts it may read: the first matches it found, in order.
    read = 0;
    const few = (step: ContactSummary[]) => {
      read += step.length;
      return step.filter((s) => s.name === 'Person 1990' || s.name === 'Person 3');
    };
    expect((await libraryReads.firstMatching(few, 100, true, () => false, 500))!.map((s) => s.name)).toEqual([
      'Person 1990',
    ]);
    // Past the 500 it may read by one step at most, and the contacts of the moment it stopped at.
    expect(read).toBeLessThanOrEqual(500 + 250 + 3);
    expect(await libraryReads.firstMatching(nurses, 10, true, () => true)).toBeNull();
  });

  it('tells the first matches as soon as no contact read later can rank above them, each time a prefix of the answer', async () => {
    const expected = nurses(await libraryReads.all()).sort(newestFirst);
    for (const newest of [true, false]) {
      const order = newest ? expected : [...expected].reverse();
      const told: ContactSummary[][] = [];
      const page = await libraryReads.firstMatching(
        nurses,
        100,
        newest,
        () => false,
        Infinity,
        (rows) => told.push(rows),
      );
      expect(page).toEqual(order.slice(0, 100));
      // The first after the first 100 contacts read (about 28 nurses), before a page of them is found.
      expect(told[0]!.length).toBeGreaterThan(0);
      expect(told[0]!.length).toBeLessThan(40);
      for (const [i, rows] of told.entries()) {
        expect(rows).toEqual(order.slice(0, rows.length));
        if (i > 0) expect(rows.length).toBeGreaterThan(told[i - 1]!.length);
      }
    }
    // A stopped search tells nothing more.
    const late: ContactSummary[][] = [];
    expect(
      await libraryReads.firstMatching(
        nurses,
        100,
        true,
        () => true,
        Infinity,
        (r) => late.push(r),
      ),
    ).toBeNull();
    expect(late).toEqual([]);
  });
});
