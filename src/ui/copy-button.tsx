import { useSignal } from '@preact/signals';

/** Copies a value to the clipboard and says so. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const copied = useSignal(false);
  const copy = async () => {
    await navigator.clipboard.writeText(value);
    copied.value = true;
    setTimeout(() => {
      copied.value = false;
    }, 1500);
  };
  return (
    <button type="button" class="small" aria-label={`Copy ${label}`} onClick={copy}>
      {copied.value ? 'Copied' : 'Copy'}
    </button>
  );
}
