import type { ServiceCheck } from '../helpers/service-check';
import { RETRYING, SERVICE_DOWN, SERVICE_DOWN_DETAIL, SERVICE_DOWN_ID } from '../words/service';

/**
 * What a disabled paid button's `aria-describedby` names: the notice, when the service out of reach is its reason
 * (said there once, not again beside the button), else the reason's own line `id`.
 */
export const describedBy = (reason: string | null, id: string): string | undefined =>
  reason === null ? undefined : reason === SERVICE_DOWN ? SERVICE_DOWN_ID : id;

/** Whether a reason gets a line of its own beside its button (the service out of reach is said by the notice). */
export const ownLine = (reason: string | null): reason is string =>
  reason !== null && reason !== SERVICE_DOWN;

/**
 * The service out of reach, said where the screen opens, before any paid click: what it means, and Retry (the free
 * balance call again). Gone once the service answers.
 */
export function ServiceDown({
  service,
}: {
  service: Pick<ServiceCheck, 'unreachable' | 'asking' | 'check'>;
}) {
  if (!service.unreachable.value) return null;
  const asking = service.asking.value;
  return (
    <div class="error service-down" role="alert" id={SERVICE_DOWN_ID} data-testid="service-down">
      {/* Retry beside the title, not under the words: the popup has 600 px for the notice and the profile. */}
      <p class="service-down-head">
        <strong>{SERVICE_DOWN}</strong>
        <button type="button" class="small" disabled={asking} onClick={() => void service.check()}>
          {asking ? RETRYING : 'Retry'}
        </button>
      </p>
      <p class="next-step">{SERVICE_DOWN_DETAIL}</p>
    </div>
  );
}
