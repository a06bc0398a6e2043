import type { SentRecord } from '../../store/database/sent';
import { sentMark } from './sent-words';

/** "In Lever · 3 Nov": a link to the record when the destination gave one. */
export function SentMark({ record }: { record: SentRecord }) {
  return record.link ? (
    <a class="sent-mark" href={record.link} target="_blank" rel="noopener">
      {sentMark(record)}
    </a>
  ) : (
    <span class="sent-mark">{sentMark(record)}</span>
  );
}
