/** The dispute report as a CSV file (`src/domain/dispute.ts` makes its rows), in the user's words. */
import type { DisputeRow } from '../../domain/dispute';
import { toCsv } from '../../search/csv';
import { ITEM_LABEL } from '../words/items';
import { DISPUTE, flagInWords, who } from '../words/trust';

/** The day of a timestamp, `YYYY-MM-DD` in UTC: the date a support desk reads the same anywhere. */
const day = (iso: string) => iso.slice(0, 10);

export function disputeCsv(rows: readonly DisputeRow[]): string {
  return toCsv(
    DISPUTE.header,
    rows.map((row) => [
      day(row.at),
      row.name ?? '',
      row.profileUrl ?? '',
      ITEM_LABEL[row.item],
      row.credits,
      row.entryId,
      flagInWords(row.target, row.flag),
      who(row.flag.by),
      day(row.flag.at),
    ]),
  );
}
