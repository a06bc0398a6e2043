/**
 * "Offer to check again after (months)": a held item bought longer ago is offered "Check again · up to N credits" on
 * its card (a click, never by itself). Empty or 0: never offered. Its own small form beside the reveal defaults.
 */
import { signal } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import { checkAgainMonths } from '../../store/database/vault/vault-age';
import { settings } from '../../store/items/settings';
import { Field, focusFirstInvalid } from './field';

/** Reads the field: a whole number of months from 0 to 120; empty is 0 (never offered). */
export function readMonths(text: string): { ok: true; value: number } | { ok: false; problem: string } {
  const clean = text.trim();
  if (clean === '') return { ok: true, value: 0 };
  if (!/^\d+$/.test(clean) || Number(clean) > 120) {
    return { ok: false, problem: 'Enter a whole number of months from 0 to 120, like 12.' };
  }
  return { ok: true, value: Number(clean) };
}

function createCheckAgainModel() {
  const text = signal('');
  const problem = signal<string | null>(null);
  const notice = signal<string | null>(null);
  let edited = false;
  return {
    text,
    problem,
    notice,
    async init() {
      const current = await settings.get();
      if (!edited) text.value = String(checkAgainMonths(current.checkAgainAfterMonths));
    },
    edit(next: string) {
      edited = true;
      text.value = next;
      problem.value = null;
      notice.value = null;
    },
    async save() {
      const read = readMonths(text.value);
      if (!read.ok) {
        problem.value = read.problem;
        return;
      }
      await settings.set({ ...(await settings.get()), checkAgainAfterMonths: read.value });
      notice.value =
        read.value === 0
          ? 'Check again will not be offered.'
          : `Check again is offered for items revealed over ${read.value} months ago.`;
    },
  };
}

export function CheckAgainField() {
  const m = useMemo(createCheckAgainModel, []);
  useEffect(() => void m.init(), [m]);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const form = e.currentTarget;
        void m.save().then(() => focusFirstInvalid(form));
      }}
    >
      <Field
        id="check-again-months"
        label="Offer to check again after (months)"
        hint="A contact item revealed longer ago offers “Check again” with its price. Empty or 0: never."
        inputMode="numeric"
        value={m.text.value}
        problem={m.problem.value}
        onText={(next) => m.edit(next)}
      />
      <div class="row form-actions">
        <button type="submit">Save months</button>
      </div>
      {m.notice.value && (
        <p class="success" role="status">
          {m.notice.value}
        </p>
      )}
    </form>
  );
}
