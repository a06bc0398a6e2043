/**
 * Options' "Privacy notice": the text "Copy privacy notice" puts on the clipboard, edited here when there is no team
 * gateway (kept in this browser, `store/items/notice-text.ts`); with one, the team's text from its console is shown, read-only.
 */
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { DEFAULT_NOTICE, NOTICE_BLANK_WORDS, NOTICE_BLANKS, noticeProblem } from '../../privacy/notice';
import { noticeInForce } from '../../privacy/notice-in-force';
import { localNotice } from '../../store/items/notice-text';
import { Field } from '../options/field';
import { NOTICE_OPTIONS_WORDS as WORDS } from './words';

export function NoticeSettings() {
  const template = useSignal('');
  const contact = useSignal('');
  const team = useSignal<string | null>(null);
  const loaded = useSignal(false);
  const problem = useSignal<string | null>(null);
  const said = useSignal('');

  useEffect(() => {
    void noticeInForce().then((now) => {
      template.value = now.text.template;
      contact.value = now.text.contact;
      team.value = now.team;
      loaded.value = true;
    });
  }, []);

  const save = async (event: Event) => {
    event.preventDefault();
    said.value = '';
    const text = { template: template.value.trim(), contact: contact.value.trim() };
    problem.value = noticeProblem(text);
    if (problem.value) return;
    await localNotice.set(text);
    said.value = WORDS.saved;
  };
  const reset = async () => {
    await localNotice.set(null);
    template.value = DEFAULT_NOTICE.template;
    contact.value = DEFAULT_NOTICE.contact;
    problem.value = null;
    said.value = WORDS.resetDone;
  };

  if (!loaded.value) return null;
  const readOnly = team.value !== null;
  return (
    <section aria-labelledby="notice-settings" class="notice-settings">
      <h2 id="notice-settings">{WORDS.title}</h2>
      <p class="muted">{readOnly ? WORDS.team(team.value!) : WORDS.what}</p>
      <form onSubmit={(e) => void save(e)} noValidate>
        <div class="field">
          <label for="notice-template">{WORDS.text}</label>
          <textarea
            id="notice-template"
            rows={10}
            value={template.value}
            readOnly={readOnly}
            aria-invalid={problem.value ? 'true' : undefined}
            aria-describedby={problem.value ? 'notice-template-problem' : undefined}
            onInput={(e) => (template.value = e.currentTarget.value)}
          />
          {problem.value && (
            <span class="field-error" id="notice-template-problem">
              {problem.value}
            </span>
          )}
        </div>
        <Field
          id="notice-contact"
          label={WORDS.contact}
          value={contact}
          readOnly={readOnly}
          onText={(text) => (contact.value = text)}
        />
        <details>
          <summary>{WORDS.blanks}</summary>
          <ul>
            {NOTICE_BLANKS.map((blank) => (
              <li key={blank}>
                <code>{`{${blank}}`}</code> {NOTICE_BLANK_WORDS[blank]}
              </li>
            ))}
          </ul>
        </details>
        {!readOnly && (
          <p class="row">
            <button type="submit">{WORDS.save}</button>
            <button type="button" class="quiet" onClick={() => void reset()}>
              {WORDS.reset}
            </button>
          </p>
        )}
      </form>
      <p class="success" role="status">
        {said.value}
      </p>
    </section>
  );
}
