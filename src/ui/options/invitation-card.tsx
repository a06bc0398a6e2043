import { invitationLeadsTo } from '../words/team';

/**
 * A pasted invitation, shown for what it is before anything is sent or saved: where it leads, with Connect and
 * Cancel. An invitation repoints every search and reveal, so it is never taken on a Save alone.
 */
export function InvitationCard({
  gateway,
  current,
  busy,
  onConnect,
  onCancel,
}: {
  gateway: string;
  current: string | null;
  busy: boolean;
  onConnect: () => void;
  onCancel: () => void;
}) {
  const [first, ...rest] = invitationLeadsTo(gateway, current);
  return (
    // Announced as it appears: the paste itself says nothing of where the invitation leads.
    <div class="invitation-card" aria-live="polite" data-testid="invitation">
      <p>{first}</p>
      {rest.map((line) => (
        <p key={line} class="muted">
          {line}
        </p>
      ))}
      <div class="row">
        <button type="button" class="primary" disabled={busy} onClick={onConnect}>
          {busy ? 'Connecting…' : 'Connect'}
        </button>
        <button type="button" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
