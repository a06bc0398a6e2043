/**
 * The usage page's "Charges for data flagged wrong": for a period (the last 30 days at first), each item a charge
 * paid for that is flagged wrong, with its credits and ledger entry, and the CSV to send to the service's support.
 * Read from the ledger and the contacts' records; read again when either changes.
 */
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { formatCredits } from '../../api/pricing';
import { type DisputeRow, disputeRows, disputeSubjects } from '../../domain/dispute';
import { lastDays } from '../../ledger/entry';
import { readLedgerDays, watchLedger } from '../../store/database/ledger/ledger';
import { vault, watchVaultKeys } from '../../store/database/vault/vault';
import { downloadText } from '../helpers/download';
import { ITEM_LABEL } from '../words/items';
import { DISPUTE, flagInWords, shortDay, who } from '../words/trust';
import { disputeCsv } from './dispute-csv';

const DAY_MS = 86_400_000;
/** Local midnight of a `YYYY-MM-DD` day. */
const midnight = (day: string) => new Date(`${day}T00:00:00`);

/** The local days from `from` to `to`, both included (none when `from` is after `to`). */
export function daysBetween(from: string, to: string): string[] {
  const n = Math.round((midnight(to).getTime() - midnight(from).getTime()) / DAY_MS) + 1;
  return n > 0 ? lastDays(n, midnight(to)) : [];
}

/** The period's rows, read from the ledger and the contacts its charges were for. */
async function readRows(from: string, to: string): Promise<DisputeRow[]> {
  const entries = [...(await readLedgerDays(daysBetween(from, to))).values()].flat();
  const records = await vault.getMany(disputeSubjects(entries));
  return disputeRows(entries, new Map(records.map((record) => [record.key, record])));
}

export function DisputeReport() {
  const initial = lastDays(30);
  const from = useSignal(initial[0]!);
  const to = useSignal(initial.at(-1)!);
  const rows = useSignal<DisputeRow[] | null>(null);
  const badPeriod = from.value > to.value;

  useEffect(() => {
    let current = true;
    const load = () => {
      if (from.value > to.value) return;
      void readRows(from.value, to.value).then((read) => {
        if (current) rows.value = read;
      });
    };
    load();
    const stopLedger = watchLedger(load);
    const stopVault = watchVaultKeys(load);
    return () => {
      current = false;
      stopLedger();
      stopVault();
    };
  }, [from.value, to.value]);

  const list = rows.value ?? [];
  const credits = list.reduce((sum, row) => sum + row.credits, 0);
  return (
    <section aria-labelledby="dispute" class="dispute">
      <h2 id="dispute">{DISPUTE.title}</h2>
      <p class="muted">{DISPUTE.intro}</p>
      <div class="row dispute-period">
        <label class="field inline">
          {DISPUTE.from}
          <input type="date" value={from.value} onChange={(e) => (from.value = e.currentTarget.value)} />
        </label>
        <label class="field inline">
          {DISPUTE.to}
          <input type="date" value={to.value} onChange={(e) => (to.value = e.currentTarget.value)} />
        </label>
      </div>
      {badPeriod ? (
        <p role="alert">{DISPUTE.badPeriod}</p>
      ) : rows.value === null ? null : list.length === 0 ? (
        <p data-testid="dispute-none">{DISPUTE.none}</p>
      ) : (
        <>
          <p data-testid="dispute-total">{DISPUTE.total(formatCredits(credits), list.length)}</p>
          <table data-testid="dispute-rows">
            <thead>
              <tr>
                <th scope="col">{DISPUTE.header[0]}</th>
                <th scope="col">{DISPUTE.header[1]}</th>
                <th scope="col">{DISPUTE.header[4]}</th>
                <th scope="col">{DISPUTE.header[6]}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((row) => (
                <tr key={`${row.entryId} ${row.item}`}>
                  <td>{shortDay(row.at)}</td>
                  <th scope="row">
                    {row.name ?? row.profileUrl ?? ''}
                    <span class="muted"> · {ITEM_LABEL[row.item]}</span>
                  </th>
                  <td>{row.credits}</td>
                  <td>
                    {flagInWords(row.target, row.flag)}
                    <span class="muted">
                      {' '}
                      · {who(row.flag.by)}, {shortDay(row.flag.at)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <button
            type="button"
            onClick={() =>
              downloadText(`charges-flagged-wrong-${from.value}-to-${to.value}.csv`, disputeCsv(list))
            }
          >
            {DISPUTE.download}
          </button>
        </>
      )}
    </section>
  );
}
