/** What the last change did (or why it did not), said once, where a screen reader hears it. */
import type { Signal } from '@preact/signals';

export function Notice({ notice }: { notice: Signal<{ text: string; bad?: boolean } | null> }) {
  if (!notice.value) return <div role="status" />;
  return (
    <p class={notice.value.bad ? 'bad' : 'ok'} role={notice.value.bad ? 'alert' : 'status'}>
      {notice.value.text}
    </p>
  );
}
