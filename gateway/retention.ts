/**
 * Retention by region for the team vault: the team's rules (`retention_rules`, schema 005) applied by the same
 * function the extension applies to its own vault (`src/retention/rules.ts`), on a schedule in the server process
 * (`keepTeamRetention`) and at the command line (`npm run gateway -- retention run`).
 *
 * A person is counted from the last time the team bought something of them (the newest held item; the row's creation
 * when none is held), or from when the rules took effect if later. Their region comes from the location a search
 * answer relayed through the gateway gave (`search_links`, kept 7 days, copied onto the person here); the service's
 * lookup answers none, so a person never seen in a search has no location: the strictest rule. "Sent" is a send mark
 * of the team's (`sends`, any state: a send under way keeps its person).
 *
 * A removal is an erasure (`erasePerson`: the person, every item held, their search links and send marks; the ledger
 * keeps the charges without naming them) with one audit entry whose actor is the rule, never whom.
 */
import { EU_RULE_DAYS, type RuleName, removalOf } from '../src/retention/rules';
import { appendAudit, auditErasure } from './audit';
import type { Database, Sql } from './db/database';
import { erasePerson, type PersonKey } from './vault';

export interface TeamRetentionRules {
  /** Days a person under the EU rule is kept unless sent (1 to 30). */
  euDays: number;
  /** Days anyone is kept, sent or not; null: until erased. */
  generalDays: number | null;
  /** When the rules took effect. */
  since: Date;
}

export const EU_DAYS_MAX = EU_RULE_DAYS;
export const GENERAL_DAYS_MAX = 3650;

/** Each rule as the audit log and the console name it: the actor of a removal. */
export const RULE_ACTOR: Record<RuleName, string> = {
  eu: 'Retention: EU rule',
  general: 'Retention: general rule',
};

/** People looked at per statement, and erased in turn. */
const BATCH = 200;

export async function readRetentionRules(db: Sql): Promise<TeamRetentionRules> {
  const rows = await db.query<{ eu_days: number; general_days: number | null; since: Date }>(
    'select eu_days, general_days, since from retention_rules where id = 1',
  );
  const row = rows[0];
  return {
    euDays: row?.eu_days ?? EU_RULE_DAYS,
    generalDays: row?.general_days ?? null,
    since: new Date(row?.since ?? 0),
  };
}

/** Sets the team's rules (checked: EU 1 to 30 days, general 1 to 3,650 or none) and records who did. */
export async function setRetentionRules(
  db: { transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T> },
  actor: string,
  rules: { euDays: number; generalDays: number | null },
): Promise<void> {
  const { euDays, generalDays } = rules;
  if (!Number.isInteger(euDays) || euDays < 1 || euDays > EU_DAYS_MAX) {
    throw new RangeError(`Keep people under the EU rule 1 to ${EU_DAYS_MAX} days; got ${euDays}.`);
  }
  if (
    generalDays !== null &&
    (!Number.isInteger(generalDays) || generalDays < 1 || generalDays > GENERAL_DAYS_MAX)
  ) {
    throw new RangeError(`Keep everyone 1 to ${GENERAL_DAYS_MAX} days, or until erased; got ${generalDays}.`);
  }
  await db.transaction(async (tx) => {
    const before = await readRetentionRules(tx);
    await tx.query('update retention_rules set eu_days = $1, general_days = $2 where id = 1', [
      euDays,
      generalDays,
    ]);
    await appendAudit(tx, {
      kind: 'retention_rules_set',
      actor,
      detail: {
        eu_days: euDays,
        general_days: generalDays,
        before: { eu_days: before.euDays, general_days: before.generalDays },
      },
    });
  });
}

export interface RetentionRun {
  /** People removed, by rule. */
  removed: Record<RuleName, number>;
  /** Items held of them, erased with them. */
  items: number;
}

interface Candidate {
  id: number;
  social_url: string | null;
  candidate_id: string | null;
  location: string | null;
  since: Date;
  sent: boolean;
  now: Date;
}

/** A person as the rules read them, with the database's clock: `$2` is when the rules took effect. */
const CANDIDATES = `select p.id, p.social_url, p.candidate_id, p.location, now() as now,
  greatest(coalesce((select max(h.at) from held_items h where h.person_id = p.id), p.created_at), $2::timestamptz) as since,
  exists (select 1 from sends s where s.person_id = p.id) as sent
  from people p`;

/** The rule that removes this person by the database's now, if one does. */
function removalBy(rules: TeamRetentionRules, person: Candidate): { rule: RuleName } | null {
  const removal = removalOf(
    { location: person.location, since: new Date(person.since), sent: person.sent },
    rules.generalDays,
    rules.euDays,
  );
  return removal && removal.at <= new Date(person.now) ? removal : null;
}

/**
 * Removes every person a rule removes by now (the database's clock). One pass, in batches of people counted from
 * before the earlier of the two periods; each removal erased and audited on its own, so a pass cut short loses none.
 */
export async function runTeamRetention(db: Database): Promise<RetentionRun> {
  const run: RetentionRun = { removed: { eu: 0, general: 0 }, items: 0 };
  // Where a search said a person is, for those the links name (a person created after the search that named them).
  await db.query(
    `update people p set location = l.location from search_links l
     where l.location is not null and p.location is distinct from l.location
       and (l.social_url = p.social_url or l.candidate_id = p.candidate_id)`,
  );
  const rules = await readRetentionRules(db);
  const earliest = Math.min(rules.euDays, rules.generalDays ?? Number.POSITIVE_INFINITY);
  let after = 0;
  for (;;) {
    const rows = await db.query<Candidate>(
      `${CANDIDATES} where p.id > $1
         and greatest(coalesce((select max(h.at) from held_items h where h.person_id = p.id), p.created_at), $2::timestamptz)
           < now() - make_interval(days => $3)
       order by p.id limit $4`,
      [after, rules.since.toISOString(), earliest, BATCH],
    );
    for (const person of rows) {
      after = person.id;
      const removal = removalBy(rules, person);
      if (!removal) continue;
      const key: PersonKey = person.social_url
        ? { socialUrl: person.social_url }
        : { candidateId: person.candidate_id! };
      // Read again under the erasure's lock: a send begun or an item bought since the read above keeps the person.
      const erased = await erasePerson(db, key, async (tx, id) => {
        const [now] = await tx.query<Candidate>(`${CANDIDATES} where p.id = $1`, [
          id,
          rules.since.toISOString(),
        ]);
        return !now || removalBy(rules, now)?.rule !== removal.rule;
      });
      if (!erased.erased) continue;
      const keys = [person.social_url, person.candidate_id].filter((v): v is string => typeof v === 'string');
      await auditErasure(db, RULE_ACTOR[removal.rule], keys, erased.items, {
        kind: 'retention_removed',
        detail: {},
      });
      run.removed[removal.rule]++;
      run.items += erased.items;
    }
    if (rows.length < BATCH) return run;
  }
}

/** The run in one line of the log and the command line. */
export function retentionRunLine(run: RetentionRun): string {
  const total = run.removed.eu + run.removed.general;
  return total === 0
    ? 'Retention: nobody in the team vault is past a rule.'
    : `Retention: removed ${total} ${total === 1 ? 'person' : 'people'} from the team vault (EU rule: ${run.removed.eu}, general rule: ${run.removed.general}; ${run.items} item(s)).`;
}

/** How often the server applies the rules: hourly (a rule counts in days). */
export const RETENTION_EVERY_MS = 60 * 60 * 1000;
/** The first run after the server starts: past its start-up. */
export const RETENTION_FIRST_MS = 10_000;

/**
 * Applies the rules a little after the start and every hour, one run at a time, logging each run that removed someone
 * and each failure. Returns the stop.
 */
export function keepTeamRetention(
  db: Database,
  log: { info(message: string): void; error(message: string, error?: unknown): void },
  { every = RETENTION_EVERY_MS, first = RETENTION_FIRST_MS } = {},
): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const run = await runTeamRetention(db);
      if (run.removed.eu + run.removed.general > 0) log.info(retentionRunLine(run));
    } catch (error) {
      log.error('Retention: the run failed; the next runs in an hour', error);
    } finally {
      running = false;
    }
  };
  const start = setTimeout(() => void tick(), first);
  const timer = setInterval(() => void tick(), every);
  start.unref?.();
  timer.unref?.();
  return () => {
    clearTimeout(start);
    clearInterval(timer);
  };
}
