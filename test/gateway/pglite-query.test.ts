/**
 * PGlite's statements in one call (gateway/db/pglite.ts): plain parameters go as one message on a statement
 * prepared once; rows come back typed as PGlite's own `query` types them; a failed statement, a changed table and
 * parameters that are not plain (dates, arrays) all still work.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pgliteDatabase, type TestDatabase } from './harness';

let db: TestDatabase;
beforeAll(async () => {
  db = await pgliteDatabase();
});
afterAll(async () => {
  await db?.dispose();
});
// One database for the file (opening one takes time), a new table for each test: each test writes the rows it reads,
// so it passes alone and in any order. The statements prepared by earlier tests stay, as they do in a gateway.
beforeEach(async () => {
  await db.exec(
    'drop table if exists things; create table things (id integer primary key, name text not null)',
  );
});

/** Rows 1 "one" and 2 "two", as a test that reads them writes them first. */
const oneAndTwo = () => db.exec("insert into things (id, name) values (1, 'one'), (2, 'two')");

describe('a PGlite statement in one call', () => {
  it('answers typed rows, again and again on the same statement', async () => {
    const text = `select $1::int + 1 as n, $2::text as t, $3::boolean as b, $4::text::jsonb as j,
      '2026-11-27T08:00:00Z'::timestamptz as at, $5::text as missing`;
    for (const n of [1, 2, 3]) {
      const rows = await db.query(text, [n, `x${n}`, n % 2 === 0, JSON.stringify({ n }), null]);
      expect(rows).toEqual([
        {
          n: n + 1,
          t: `x${n}`,
          b: n % 2 === 0,
          j: { n },
          at: new Date('2026-11-27T08:00:00Z'),
          missing: null,
        },
      ]);
    }
  });

  it('fails a statement as PostgreSQL does, and runs it afterwards', async () => {
    const insert = 'insert into things (id, name) values ($1, $2) returning id';
    expect(await db.query(insert, [1, 'one'])).toEqual([{ id: 1 }]);
    await expect(db.query(insert, [1, 'again'])).rejects.toMatchObject({ code: '23505' });
    await expect(db.query('select 1 / $1::int as x', [0])).rejects.toMatchObject({ code: '22012' });
    expect(await db.query('select 1 / $1::int as x', [1])).toEqual([{ x: 1 }]);
    expect(await db.query(insert, [2, 'two'])).toEqual([{ id: 2 }]);
    await expect(db.query('select no_such_column from things')).rejects.toMatchObject({ code: '42703' });
  });

  it('keeps the other statements after one prepared before them fails, and prepares new ones beside them', async () => {
    const divide = 'select 10 / $1::int as x';
    const count = 'select count(*)::int as n from things where id > $1';
    const byName = 'select id from things where name = $1';
    await oneAndTwo();
    expect(await db.query(divide, [5])).toEqual([{ x: 2 }]);
    expect(await db.query(count, [0])).toEqual([{ n: 2 }]);
    expect(await db.query(byName, ['one'])).toEqual([{ id: 1 }]);
    await expect(db.query(divide, [0])).rejects.toMatchObject({ code: '22012' });
    // A statement never run before, then the ones prepared before the failure: each answers.
    expect(await db.query('select $1::text as fresh', ['yes'])).toEqual([{ fresh: 'yes' }]);
    expect(await db.query(count, [0])).toEqual([{ n: 2 }]);
    expect(await db.query(byName, ['two'])).toEqual([{ id: 2 }]);
    expect(await db.query(divide, [2])).toEqual([{ x: 5 }]);
  });

  it('follows a table changed under a prepared statement', async () => {
    const all = 'select * from things where id = $1';
    await oneAndTwo();
    expect(await db.query(all, [1])).toEqual([{ id: 1, name: 'one' }]);
    await db.exec("alter table things add column note text not null default 'new'");
    expect(await db.query(all, [1])).toEqual([{ id: 1, name: 'one', note: 'new' }]);
  });

  it('takes dates and arrays the usual way', async () => {
    await oneAndTwo();
    const rows = await db.query<{ d: Date; names: string[] }>(
      'select $1::timestamptz as d, array(select name from things where id = any($2::int[]) order by id) as names',
      [new Date('2026-01-02T03:04:05Z'), [1, 2]],
    );
    expect(rows).toEqual([{ d: new Date('2026-01-02T03:04:05Z'), names: ['one', 'two'] }]);
  });

  it('waits for a transaction under way, and sees what it committed', async () => {
    let committed = false;
    let inserted: () => void = () => {};
    const insertedYet = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const inside = db.transaction(async (tx) => {
      await tx.query("insert into things (id, name) values (3, 'three')");
      inserted();
      await new Promise((resolve) => setTimeout(resolve, 50));
      committed = true;
    });
    await insertedYet;
    const rows = await db.query<{ n: number }>('select count(*)::int as n from things where id = $1', [3]);
    expect(committed).toBe(true);
    expect(rows).toEqual([{ n: 1 }]);
    await inside;
  });
});
