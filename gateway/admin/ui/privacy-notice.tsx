/**
 * The privacy notice members copy from a revealed contact's card (GDPR Article 14): the team's text with its blanks,
 * the contact line, a preview filled for an example person, Save and "Put the default text back". Members receive
 * it with their next `GET /v1/team/me` (the extension asks when the popup or side panel opens).
 */
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { fillNotice, noticeProblem } from '../../../src/privacy/notice';
import { WORDS } from '../words';
import { get, post } from './api';
import { utcTime } from './format';
import { TextField } from './members';
import { Notice } from './notice';

interface NoticeAnswer {
  template: string;
  contact: string;
  is_default: boolean;
  set_by: string | null;
  set_at: string | null;
  blanks: { blank: string; means: string }[];
}

/** Who the preview is filled for: an invented person, as the card fills it for a real one. */
const EXAMPLE = {
  name: 'Ada Lovelace',
  profile: 'https://www.linkedin.com/in/ada-lovelace-example',
  items: ['your name', 'your current role', 'your email address'],
  kept: 'up to 365 days after they were last updated, then deleted',
};

export function PrivacyNoticeScreen() {
  const answer = useSignal<NoticeAnswer | null>(null);
  const template = useSignal('');
  const contact = useSignal('');
  const notice = useSignal<{ text: string; bad?: boolean } | null>(null);
  const team = useSignal<string | null>(null);

  const show = (a: NoticeAnswer) => {
    answer.value = a;
    template.value = a.template;
    contact.value = a.contact;
  };
  useEffect(() => {
    get<NoticeAnswer>('/notice')
      .then(show)
      .catch((error: Error) => {
        notice.value = { text: error.message, bad: true };
      });
    get<{ team: string }>('/session')
      .then((s) => {
        team.value = s.team;
      })
      .catch(() => {});
  }, []);

  const save = async (body: Record<string, unknown>, said: string) => {
    try {
      show(await post<NoticeAnswer>('/notice', body));
      notice.value = { text: said };
    } catch (error) {
      notice.value = { text: (error as Error).message, bad: true };
    }
  };
  const onSubmit = (event: Event) => {
    event.preventDefault();
    const text = { template: template.value, contact: contact.value };
    const problem = noticeProblem(text);
    if (problem) {
      notice.value = { text: problem, bad: true };
      return;
    }
    void save(text, WORDS.noticeSaved);
  };

  const a = answer.value;
  if (!a) return <Notice notice={notice} />;
  const text = { template: template.value, contact: contact.value };
  return (
    <section aria-labelledby="notice-title">
      <h2 id="notice-title">{WORDS.tabs.notice}</h2>
      <p>{WORDS.noticeWhat}</p>
      <p class="muted">
        {a.is_default ? WORDS.noticeIsDefault : WORDS.noticeSetBy(a.set_by ?? '', utcTime(a.set_at ?? ''))}
      </p>
      <form class="notice-form" onSubmit={onSubmit} noValidate>
        <label class="field">
          <span>{WORDS.noticeText}</span>
          <textarea
            rows={12}
            value={template.value}
            onInput={(e) => {
              template.value = (e.currentTarget as HTMLTextAreaElement).value;
            }}
          />
        </label>
        <TextField label={WORDS.noticeContact} value={contact} />
        <details>
          <summary>{WORDS.noticeBlanks}</summary>
          <ul>
            {a.blanks.map((b) => (
              <li key={b.blank}>
                <code>{`{${b.blank}}`}</code> {b.means}
              </li>
            ))}
          </ul>
        </details>
        <div class="row">
          <button type="submit" class="primary">
            {WORDS.noticeSave}
          </button>
          {!a.is_default && (
            <button type="button" onClick={() => void save({ default: true }, WORDS.noticeDefaultBack)}>
              {WORDS.noticeDefault}
            </button>
          )}
        </div>
      </form>
      <Notice notice={notice} />
      <h3>{WORDS.noticePreview}</h3>
      <pre class="notice-preview">
        {noticeProblem(text) ?? fillNotice(text, { ...EXAMPLE, team: team.value })}
      </pre>
    </section>
  );
}
