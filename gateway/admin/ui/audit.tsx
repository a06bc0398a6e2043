/**
 * The audit log: newest first, filtered by member, person or kind, downloadable as CSV with the same filter; and how
 * long entries are kept.
 */
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { WORDS } from '../words';
import { get, type MemberView, post } from './api';
import { utcTime } from './format';
import { TextField } from './members';
import { Notice } from './notice';

interface Entry {
  id: number;
  at: string;
  kind: string;
  kind_label: string;
  actor: string;
  member: string | null;
  person: string | null;
  person_name: string | null;
  erased: boolean;
  summary: string;
}
interface AuditAnswer {
  retention_days: number;
  retention_min: number;
  retention_max: number;
  kinds: { kind: string; label: string }[];
  entries: Entry[];
}

export function AuditScreen() {
  const member = useSignal('');
  const person = useSignal('');
  const kind = useSignal('');
  const applied = useSignal('');
  const answer = useSignal<AuditAnswer | null>(null);
  const members = useSignal<MemberView[]>([]);
  const notice = useSignal<{ text: string; bad?: boolean } | null>(null);
  const retention = useSignal('');

  const query = () => {
    const q = new URLSearchParams();
    if (member.value) q.set('member', member.value);
    if (person.value.trim()) q.set('person', person.value.trim());
    if (kind.value) q.set('kind', kind.value);
    return q.toString();
  };
  const load = () =>
    get<AuditAnswer>(`/audit?${applied.value}`)
      .then((a) => {
        answer.value = a;
        if (retention.value === '') retention.value = String(a.retention_days);
      })
      .catch((error: Error) => {
        notice.value = { text: error.message, bad: true };
      });
  useEffect(() => {
    load();
  }, [applied.value]);
  useEffect(() => {
    get<{ members: MemberView[] }>('/members')
      .then((a) => {
        members.value = a.members;
      })
      .catch(() => {});
  }, []);

  const saveRetention = async (event: Event) => {
    event.preventDefault();
    const days = Number(retention.value.trim());
    const a = answer.value;
    if (!a || !Number.isInteger(days) || days < a.retention_min || days > a.retention_max) {
      notice.value = {
        text: `Keep entries between ${a?.retention_min ?? 30} and ${a?.retention_max ?? 3650} days.`,
        bad: true,
      };
      return;
    }
    try {
      await post('/audit/retention', { days });
      notice.value = { text: WORDS.retentionSaved(days) };
      load();
    } catch (error) {
      notice.value = { text: (error as Error).message, bad: true };
    }
  };

  return (
    <section aria-labelledby="audit-title">
      <h2 id="audit-title">{WORDS.auditTitle}</h2>
      <form
        class="row filters"
        onSubmit={(e) => {
          e.preventDefault();
          applied.value = query();
          load();
        }}
      >
        <label class="field">
          <span>{WORDS.filterMember}</span>
          <select
            value={member.value}
            onChange={(e) => (member.value = (e.currentTarget as HTMLSelectElement).value)}
          >
            <option value="">{WORDS.any}</option>
            {members.value.map((m) => (
              <option key={m.id} value={String(m.id)}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
        <TextField label={WORDS.filterPerson} value={person} />
        <label class="field">
          <span>{WORDS.filterKind}</span>
          <select
            value={kind.value}
            onChange={(e) => (kind.value = (e.currentTarget as HTMLSelectElement).value)}
          >
            <option value="">{WORDS.any}</option>
            {answer.value?.kinds.map((k) => (
              <option key={k.kind} value={k.kind}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" class="primary">
          {WORDS.apply}
        </button>
      </form>
      <Notice notice={notice} />
      <p>
        <a href={`/admin/api/audit.csv?${applied.value}`} download="audit-log.csv">
          {WORDS.downloadCsv}
        </a>
      </p>
      {answer.value === null ? (
        <p role="status">{WORDS.loading}</p>
      ) : answer.value.entries.length === 0 ? (
        <p>{WORDS.auditEmpty}</p>
      ) : (
        <table class="audit">
          <thead>
            <tr>
              <th scope="col">{WORDS.time}</th>
              <th scope="col">{WORDS.filterKind}</th>
              <th scope="col">{WORDS.who}</th>
              <th scope="col">{WORDS.person}</th>
              <th scope="col">{WORDS.what}</th>
            </tr>
          </thead>
          <tbody>
            {answer.value.entries.map((e) => (
              <tr key={e.id} data-testid="audit-entry" data-kind={e.kind}>
                <td data-label={WORDS.time}>{utcTime(e.at)}</td>
                <td data-label={WORDS.filterKind}>{e.kind_label}</td>
                <td data-label={WORDS.who}>{e.actor}</td>
                <td data-label={WORDS.person} class="wrap">
                  <span>
                    {e.erased ? (
                      <span class="muted">{WORDS.erasedPerson}</span>
                    ) : e.person ? (
                      <>
                        {e.person_name && <span>{e.person_name} </span>}
                        <span class="muted">{e.person}</span>
                      </>
                    ) : e.member && e.member !== e.actor ? (
                      e.member
                    ) : (
                      ''
                    )}
                  </span>
                </td>
                <td data-label={WORDS.what}>{e.summary}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form class="row" onSubmit={saveRetention} noValidate>
        <TextField label={WORDS.retention} value={retention} numeric short />
        <button type="submit">{WORDS.saveRetention}</button>
      </form>
    </section>
  );
}
