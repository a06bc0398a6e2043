/**
 * The team's privacy notice (`src/privacy/notice.ts`): the text members copy from a revealed contact's card, set by
 * the admin in the console and given to members with `GET /v1/team/me`. Absent until set: members then use the
 * extension's default text. Each change is audited (`notice_set`), with the text's length, not the text.
 */
import { type NoticeText, noticeProblem } from '../src/privacy/notice';
import { appendAudit } from './audit';
import type { Sql } from './db/database';

export interface TeamNotice extends NoticeText {
  setBy: string;
  setAt: Date;
}

/** The team's notice, or null when the admin never set one (or put the default back). */
export async function readNotice(db: Sql): Promise<TeamNotice | null> {
  const [row] = await db.query<{ template: string; contact: string; set_by: string; set_at: Date }>(
    'select template, contact, set_by, set_at from notice_text where id = 1',
  );
  return row
    ? { template: row.template, contact: row.contact, setBy: row.set_by, setAt: new Date(row.set_at) }
    : null;
}

/**
 * Sets the team's notice (null: back to the extension's default) and audits it, in one transaction. A text the
 * card could not fill lawfully (`noticeProblem`) is refused with a `RangeError` in plain words.
 */
export async function setNotice(
  db: { transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T> },
  actor: string,
  text: NoticeText | null,
): Promise<void> {
  const clean = text && { template: text.template.trim(), contact: text.contact.trim() };
  const problem = clean && noticeProblem(clean);
  if (problem) throw new RangeError(problem);
  await db.transaction(async (tx) => {
    if (clean) {
      await tx.query(
        `insert into notice_text (id, template, contact, set_by) values (1, $1, $2, $3)
         on conflict (id) do update set template = excluded.template, contact = excluded.contact,
           set_by = excluded.set_by, set_at = now()`,
        [clean.template, clean.contact, actor],
      );
    } else {
      await tx.query('delete from notice_text where id = 1');
    }
    await appendAudit(tx, {
      kind: 'notice_set',
      actor,
      detail: clean
        ? { characters: clean.template.length, contact: clean.contact !== '' }
        : { default: true },
    });
  });
}
