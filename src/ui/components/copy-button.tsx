import { useSignal } from '@preact/signals';
import type { ComponentChildren } from 'preact';
import { Icon } from './icons';

/**
 * Copies a value to the clipboard and says so twice: the button shows "Copied" with a check (and its accessible
 * name turns from "Copy email" to "Copied email"), and a polite live region announces what was copied, for screen
 * readers that do not re-read a button. Without `children` it is an icon button beside the value it copies.
 */
export function CopyButton({
  value,
  label,
  children,
}: {
  value: string;
  /** What is copied, in words: "email" reads "Copy email", then "Copied email". */
  label: string;
  /** A visible caption ("Copy all"); none makes it a copy icon. */
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
      <button type="button" class={children ? 'small' : 'small icon-button'} onClick={copy}>
        {copied.value ? (
          <>
            <Icon name="check" size={14} /> Copied
          </>
        ) : children ? (
          children
        ) : (
          <>
            <Icon name="copy" size={14} />
            <span class="visually-hidden">Copy</span>
          </>
        )}
        <span class="visually-hidden"> {label}</span>
      </button>
      <span class="visually-hidden" role="status">
        {copied.value ? `${label.charAt(0).toUpperCase()}${label.slice(1)} copied to the clipboard` : ''}
      </span>
    </>
  );
}
