/**
 * A contact card's privacy actions, folded on its quiet line beside "Something wrong?" and "Forget this person" (the
 * popup has 600 px for the person): "Copy privacy notice" (the text the person is owed, `notice-text.ts`, recorded on
 * the contact) and "Export what we hold" as JSON or CSV (everything this browser holds about them, in the team
 * console's shape, offline and free).
 */
import { useSignal } from '@preact/signals';
import type { ApiErrorJSON } from '../../api/errors';
import { personExportRows } from '../../privacy/person-export';
import { toCsv } from '../../search/csv';
import type { ContactRecord } from '../../store/database/vault/vault-record';
import { ErrorView } from '../components/error-view';
import { downloadText } from '../helpers/download';
import { call } from '../rpc';
import { PRIVACY_WORDS } from './words';
import './privacy.css';

/** "ada-lovelace-what-we-hold.json": a file named for the person, as the vCard is. */
const fileName = (record: ContactRecord, ext: 'json' | 'csv') =>
  `${
    (record.name ?? 'contact')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'contact'
  }-what-we-hold.${ext}`;

export function PrivacyMenu({ record }: { record: ContactRecord }) {
  const said = useSignal('');
  const error = useSignal<ApiErrorJSON | null>(null);
  const copy = async () => {
    error.value = null;
    said.value = '';
    const text = await call('noticeText', { key: record.key });
    if (!text.ok) {
      error.value = text.error;
      return;
    }
    try {
      await navigator.clipboard.writeText(text.value);
    } catch {
      said.value = PRIVACY_WORDS.notCopied;
      return;
    }
    const answer = await call('noticeCopied', { key: record.key });
    if (answer.ok) said.value = PRIVACY_WORDS.copied;
    else error.value = answer.error;
  };
  const download = async (ext: 'json' | 'csv') => {
    error.value = null;
    const answer = await call('exportHeld', { key: record.key });
    if (!answer.ok) {
      error.value = answer.error;
      return;
    }
    const data = answer.value;
    if (ext === 'json')
      downloadText(fileName(record, ext), JSON.stringify(data, null, 2), 'application/json');
    else {
      const [header, ...rows] = personExportRows(data);
      downloadText(fileName(record, ext), toCsv(header!, rows));
    }
    said.value = PRIVACY_WORDS.exported;
  };
  return (
    <details class="flag-form privacy">
      <summary>{PRIVACY_WORDS.summary}</summary>
      <p class="row">
        <button type="button" class="small" onClick={() => void copy()}>
          {PRIVACY_WORDS.copy}
        </button>
        <button type="button" class="small" onClick={() => void download('json')}>
          {PRIVACY_WORDS.exportJson}
        </button>
        <button type="button" class="small" onClick={() => void download('csv')}>
          {PRIVACY_WORDS.exportCsv}
        </button>
      </p>
      <p role="status" class="muted">
        {said.value}
      </p>
      {error.value && <ErrorView error={error.value} />}
    </details>
  );
}
