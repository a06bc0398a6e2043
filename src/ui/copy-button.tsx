import { useSignal } from '@preact/signals';
import type { ComponentChildren } from 'preact';

/**
 * Copies a value to the clipboard and says so twice: the button's text (and so its accessible name) turns to
 * "Copied", and a polite live region announces what was copied, for screen readers that do not re-read a button.
 */
export function CopyButton({
  value,
  label,
  children = 'Copy',
}: {
  value: string;
  /** What is copied, in words: "email" reads "Copy email", then "Copied email". */
  label: string;
  children?: ComponentChildren;
}) {
  const copied = useSignal(false);
  const copy = async () => {
    await navigator.clipboard.writeText(value);
    copied.value = true;
    setTimeout(() => {
      copied.value = false;
    }, 1500);
  };
  return (
    <>
      <button type="button" class="small" onClick={copy}>
        {copied.value ? 'Copied' : children}
        <span class="visually-hidden"> {label}</span>
      </button>
      <span class="visually-hidden" role="status">
        {copied.value ? `${label.charAt(0).toUpperCase()}${label.slice(1)} copied to the clipboard` : ''}
      </span>
    </>
  );
}
