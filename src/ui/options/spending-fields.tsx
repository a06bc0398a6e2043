import { useEffect, useMemo } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { Field, focusFirstInvalid } from './field';
import { createSpendingModel, SPENDING_FIELDS, SPENDING_LABELS } from './spending-model';

const HINTS: Record<(typeof SPENDING_FIELDS)[number], string> = {
  dailyCapCredits: 'No paid action is sent that could take today past this. Empty: no daily cap.',
  monthlyCapCredits: 'The same for the calendar month. Empty: no monthly cap.',
  confirmAboveCredits: 'A bulk reveal that may cost more is called out before you confirm it.',
  lowBalanceBelow: 'The popup and side panel say so when the balance falls below this. Empty: no warning.',
};

/** Caps, the bulk confirmation threshold and the low-balance warning, with a link to the usage page. */
export function SpendingFields() {
  const m = useMemo(createSpendingModel, []);
  useEffect(() => void m.init(), [m]);
  // Opened at a cap's field (options.html#dailyCapCredits, from "Open the cap setting"): the field takes the focus.
  useEffect(() => {
    const id = decodeURIComponent(location.hash.slice(1));
    if (!(SPENDING_FIELDS as readonly string[]).includes(id)) return;
    const field = document.getElementById(id);
    field?.scrollIntoView({ block: 'center' });
    field?.focus();
  }, []);
  return (
    <section aria-labelledby="spending">
      <h2 id="spending">Spending caps</h2>
      <p>
        <a href={browser.runtime.getURL('/usage.html')} target="_blank" rel="noopener">
          See what you spent (usage and history)
        </a>
      </p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const form = e.currentTarget;
          void m.save().then(() => focusFirstInvalid(form));
        }}
      >
        {SPENDING_FIELDS.map((field) => (
          <Field
            key={field}
            id={field}
            name={field}
            label={SPENDING_LABELS[field].label}
            hint={HINTS[field]}
            inputMode="numeric"
            value={m.texts.value[field]}
            problem={m.problems.value[field]}
            onText={(text) => m.edit(field, text)}
          />
        ))}
        <div class="row form-actions">
          <button type="submit">Save spending settings</button>
        </div>
      </form>
      {m.notice.value && (
        <p class="success" role="status">
          {m.notice.value}
        </p>
      )}
    </section>
  );
}
