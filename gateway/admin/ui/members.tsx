/**
 * Members: invite (the invitation to copy, shown once, as `member add --url` prints it), each member's spend today
 * and this month against their caps, and changing caps, renaming and revoking (each effective from the member's
 * next request).
 */
import { type Signal, useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { WORDS } from '../words';
import { get, type MemberView, post } from './api';
import { capInput } from './format';
import { Notice } from './notice';

export function MembersScreen() {
  const members = useSignal<MemberView[] | null>(null);
  const notice = useSignal<{ text: string; bad?: boolean } | null>(null);
  const load = () =>
    get<{ members: MemberView[] }>('/members')
      .then((answer) => {
        members.value = answer.members;
      })
      .catch((error: Error) => {
        notice.value = { text: error.message, bad: true };
      });
  useEffect(() => {
    load();
  }, []);
  return (
    <section aria-labelledby="members-title">
      <h2 id="members-title">{WORDS.tabs.members}</h2>
      <InviteForm onInvited={load} />
      <Notice notice={notice} />
      {members.value === null ? (
        <p role="status">{WORDS.loading}</p>
      ) : members.value.length === 0 ? (
        <p>{WORDS.membersEmpty}</p>
      ) : (
        <ul class="cards" aria-label={WORDS.tabs.members}>
          {members.value.map((member) => (
            <MemberCard key={member.id} member={member} notice={notice} onChanged={load} />
          ))}
        </ul>
      )}
    </section>
  );
}

function InviteForm({ onInvited }: { onInvited: () => void }) {
  const name = useSignal('');
  const daily = useSignal('');
  const monthly = useSignal('');
  const problem = useSignal<string | null>(null);
  const busy = useSignal(false);
  const invited = useSignal<{ name: string; invitation: string } | null>(null);
  const copied = useSignal(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    const dailyCap = capInput(daily.value);
    const monthlyCap = capInput(monthly.value);
    if (name.value.trim() === '') {
      problem.value = 'Give the member a name, e.g. "Carol Diaz".';
      return;
    }
    if (dailyCap === undefined || monthlyCap === undefined) {
      problem.value = WORDS.capInvalid;
      return;
    }
    problem.value = null;
    busy.value = true;
    try {
      const answer = await post<{ member: MemberView; invitation: string }>('/members', {
        name: name.value,
        daily_cap: dailyCap,
        monthly_cap: monthlyCap,
      });
      invited.value = { name: answer.member.name, invitation: answer.invitation };
      copied.value = false;
      name.value = '';
      daily.value = '';
      monthly.value = '';
      onInvited();
    } catch (error) {
      problem.value = (error as Error).message;
    } finally {
      busy.value = false;
    }
  };

  if (invited.value) {
    const { name: who, invitation } = invited.value;
    return (
      <section class="panel" aria-labelledby="invitation-title">
        <h3 id="invitation-title">{WORDS.invite}</h3>
        <p id="invitation-help">{WORDS.invitationFor(who)}</p>
        <textarea
          class="secret"
          readOnly
          rows={4}
          aria-label={`Invitation for ${who}`}
          aria-describedby="invitation-help"
          value={invitation}
          data-testid="invitation"
        />
        <div class="actions">
          <button
            type="button"
            class="primary"
            onClick={async () => {
              await navigator.clipboard?.writeText(invitation).catch(() => {});
              copied.value = true;
            }}
          >
            {copied.value ? WORDS.copied : WORDS.copy}
          </button>
          <button type="button" class="quiet" onClick={() => (invited.value = null)}>
            {WORDS.done}
          </button>
        </div>
      </section>
    );
  }
  return (
    <form class="panel" onSubmit={submit} aria-labelledby="invite-title" noValidate>
      <h3 id="invite-title">{WORDS.invite}</h3>
      <div class="row">
        <TextField label={WORDS.name} value={name} autoComplete="off" />
        <TextField label={WORDS.dailyCap} value={daily} placeholder={WORDS.noCap} numeric />
        <TextField label={WORDS.monthlyCap} value={monthly} placeholder={WORDS.noCap} numeric />
      </div>
      {problem.value && (
        <p class="bad" role="alert">
          {problem.value}
        </p>
      )}
      <button type="submit" class="primary" disabled={busy.value}>
        {WORDS.inviteButton}
      </button>
    </form>
  );
}

export function TextField(props: {
  label: string;
  value: Signal<string>;
  placeholder?: string;
  numeric?: boolean;
  autoComplete?: string;
  type?: 'text' | 'url' | 'password';
  /** A field for a few characters (a number of days): not stretched across a wide screen. */
  short?: boolean;
}) {
  return (
    <label class={props.short ? 'field short' : 'field'}>
      <span>{props.label}</span>
      <input
        // One field for text, addresses and secrets: Preact's types split inputs by type, the DOM does not.
        type={(props.type ?? 'text') as 'text'}
        value={props.value.value}
        onInput={(e) => {
          props.value.value = (e.currentTarget as HTMLInputElement).value;
        }}
        {...(props.placeholder ? { placeholder: props.placeholder } : {})}
        {...(props.numeric ? { inputMode: 'numeric' as const } : {})}
        autoComplete={props.autoComplete ?? 'off'}
      />
    </label>
  );
}

function MemberCard({
  member,
  notice,
  onChanged,
}: {
  member: MemberView;
  notice: Signal<{ text: string; bad?: boolean } | null>;
  onChanged: () => void;
}) {
  const editing = useSignal<'caps' | 'rename' | 'revoke' | null>(null);
  const daily = useSignal(member.daily_cap === null ? '' : String(member.daily_cap));
  const monthly = useSignal(member.monthly_cap === null ? '' : String(member.monthly_cap));
  const newName = useSignal(member.name);
  const problem = useSignal<string | null>(null);
  const active = member.revoked_at === null;

  const act = async (path: string, body: unknown, done: string) => {
    problem.value = null;
    try {
      await post(`/members/${member.id}/${path}`, body);
      editing.value = null;
      notice.value = { text: done };
      onChanged();
    } catch (error) {
      problem.value = (error as Error).message;
    }
  };
  const saveCaps = (event: Event) => {
    event.preventDefault();
    const dailyCap = capInput(daily.value);
    const monthlyCap = capInput(monthly.value);
    if (dailyCap === undefined || monthlyCap === undefined) {
      problem.value = WORDS.capInvalid;
      return;
    }
    return act('caps', { daily_cap: dailyCap, monthly_cap: monthlyCap }, WORDS.capsSaved(member.name));
  };
  const saveName = (event: Event) => {
    event.preventDefault();
    if (newName.value.trim() === '') {
      problem.value = 'Give the member a name, e.g. "Carol Diaz".';
      return;
    }
    return act('rename', { name: newName.value }, WORDS.renamed(newName.value.trim()));
  };

  return (
    <li class={`card${active ? '' : ' revoked'}`} data-testid="member" data-name={member.name}>
      <div class="card-head">
        <h3>{member.name}</h3>
        <span class="muted">
          {active ? WORDS.active : WORDS.revoked(member.revoked_at!.slice(0, 10))} ·{' '}
          {WORDS.keyEnds(member.key_hint)}
        </span>
      </div>
      <dl class="spend">
        <div>
          <dt>{WORDS.today}</dt>
          <dd data-testid="spent-today">{WORDS.spentOf(member.spent_today, member.daily_cap)}</dd>
        </div>
        <div>
          <dt>{WORDS.thisMonth}</dt>
          <dd data-testid="spent-month">{WORDS.spentOf(member.spent_month, member.monthly_cap)}</dd>
        </div>
      </dl>
      {active && editing.value === null && (
        <div class="actions">
          <button
            type="button"
            onClick={() => (editing.value = 'caps')}
            aria-label={`${WORDS.caps}: ${member.name}`}
          >
            {WORDS.caps}
          </button>
          <button
            type="button"
            onClick={() => (editing.value = 'rename')}
            aria-label={`${WORDS.rename}: ${member.name}`}
          >
            {WORDS.rename}
          </button>
          <button
            type="button"
            class="danger"
            onClick={() => (editing.value = 'revoke')}
            aria-label={`${WORDS.revoke}: ${member.name}`}
          >
            {WORDS.revoke}
          </button>
        </div>
      )}
      {editing.value === 'caps' && (
        <form onSubmit={saveCaps} noValidate>
          <div class="row">
            <TextField label={WORDS.dailyCap} value={daily} placeholder={WORDS.noCap} numeric />
            <TextField label={WORDS.monthlyCap} value={monthly} placeholder={WORDS.noCap} numeric />
          </div>
          <div class="actions">
            <button type="submit" class="primary">
              {WORDS.saveCaps}
            </button>
            <button type="button" class="quiet" onClick={() => (editing.value = null)}>
              {WORDS.cancel}
            </button>
          </div>
        </form>
      )}
      {editing.value === 'rename' && (
        <form onSubmit={saveName} noValidate>
          <TextField label={WORDS.newName} value={newName} />
          <div class="actions">
            <button type="submit" class="primary">
              {WORDS.saveName}
            </button>
            <button type="button" class="quiet" onClick={() => (editing.value = null)}>
              {WORDS.cancel}
            </button>
          </div>
        </form>
      )}
      {editing.value === 'revoke' && (
        <div>
          <p>{WORDS.revokeConfirm(member.name)}</p>
          <div class="actions">
            <button
              type="button"
              class="danger-fill"
              onClick={() => act('revoke', {}, WORDS.revokedNow(member.name))}
            >
              {WORDS.revokeYes(member.name)}
            </button>
            <button type="button" class="quiet" onClick={() => (editing.value = null)}>
              {WORDS.cancel}
            </button>
          </div>
        </div>
      )}
      {problem.value && (
        <p class="bad" role="alert">
          {problem.value}
        </p>
      )}
    </li>
  );
}
