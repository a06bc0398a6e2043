/**
 * The team vault's retention rules, in plain words, editable by the admin: how long a person under the EU rule is kept
 * unless sent (a month at most), how long everyone is kept (or until erased), and a run now. The gateway applies them
 * every hour; each removal is in the audit log, named by its rule.
 */
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { WORDS } from '../words';
import { get, post } from './api';
import { TextField } from './members';
import { Notice } from './notice';

interface Rules {
  eu_days: number;
  general_days: number | null;
  since: string;
  eu_max: number;
  general_max: number;
}

export function RetentionScreen() {
  const rules = useSignal<Rules | null>(null);
  const euDays = useSignal('');
  const generalDays = useSignal('');
  const notice = useSignal<{ text: string; bad?: boolean } | null>(null);
  const show = (r: Rules) => {
    rules.value = r;
    euDays.value = String(r.eu_days);
    generalDays.value = r.general_days === null ? '' : String(r.general_days);
  };
  useEffect(() => {
    get<Rules>('/retention')
      .then(show)
      .catch((error: Error) => {
        notice.value = { text: error.message, bad: true };
      });
  }, []);

  const save = async (event: Event) => {
    event.preventDefault();
    const eu = Number(euDays.value.trim());
    const general = generalDays.value.trim() === '' ? null : Number(generalDays.value.trim());
    const r = rules.value;
    if (!Number.isInteger(eu) || eu < 1 || eu > (r?.eu_max ?? 30)) {
      notice.value = { text: WORDS.retentionEuBounds(r?.eu_max ?? 30), bad: true };
      return;
    }
    if (
      general !== null &&
      (!Number.isInteger(general) || general < 1 || general > (r?.general_max ?? 3650))
    ) {
      notice.value = { text: WORDS.retentionGeneralBounds(r?.general_max ?? 3650), bad: true };
      return;
    }
    try {
      show(await post<Rules>('/retention', { eu_days: eu, general_days: general }));
      notice.value = { text: WORDS.retentionRulesSaved(eu, general) };
    } catch (error) {
      notice.value = { text: (error as Error).message, bad: true };
    }
  };

  const runNow = async () => {
    try {
      notice.value = { text: (await post<{ said: string }>('/retention/run', {})).said };
    } catch (error) {
      notice.value = { text: (error as Error).message, bad: true };
    }
  };

  const r = rules.value;
  return (
    <section aria-labelledby="retention-title">
      <h2 id="retention-title">{WORDS.retentionTitle}</h2>
      <p>{WORDS.retentionIntro}</p>
      {r && (
        <ul class="rules">
          <li>{WORDS.retentionEuRule(r.eu_days)}</li>
          <li>{WORDS.retentionGeneralRule(r.general_days)}</li>
        </ul>
      )}
      <p class="muted">{WORDS.retentionSent}</p>
      <form class="row" onSubmit={save} noValidate>
        <TextField label={WORDS.retentionEuField} value={euDays} numeric short />
        <TextField label={WORDS.retentionGeneralField} value={generalDays} numeric short />
        <button type="submit">{WORDS.retentionSave}</button>
      </form>
      <p class="row">
        <button type="button" onClick={() => void runNow()}>
          {WORDS.retentionRun}
        </button>
      </p>
      <Notice notice={notice} />
    </section>
  );
}
