import type { ReadonlySignal } from '@preact/signals';

/**
 * A labelled text field with its hint and, when its value was refused, the problem right under it: the input is
 * marked invalid and described by the problem and the hint, so a screen reader says them with the field (once,
 * where the user fixes it) rather than in a list elsewhere on the page.
 */
export function Field({
  id,
  label,
  hint,
  problem,
  inline = false,
  onText,
  type = 'text',
  ...input
}: {
  id: string;
  label: string;
  hint?: string;
  problem?: string | null | undefined;
  inline?: boolean;
  value: string | ReadonlySignal<string>;
  onText: (text: string) => void;
  type?: 'text' | 'password';
  name?: string;
  placeholder?: string;
  inputMode?: 'url' | 'numeric';
  autoComplete?: 'off';
  spellcheck?: boolean;
  readOnly?: boolean;
}) {
  const described = [problem && `${id}-problem`, hint && `${id}-hint`].filter(Boolean).join(' ');
  const control = {
    ...input,
    id,
    onInput: (e: { currentTarget: HTMLInputElement }) => onText(e.currentTarget.value),
    'aria-invalid': problem ? ('true' as const) : undefined,
    'aria-describedby': described || undefined,
  };
  return (
    <div class={inline ? 'field inline' : 'field'}>
      <label for={id}>{label}</label>
      {/* Two literal types: Preact's input types tell each kind of input apart by its `type`. */}
      {type === 'password' ? <input type="password" {...control} /> : <input type="text" {...control} />}
      {problem && (
        <span class="field-error" id={`${id}-problem`}>
          {problem}
        </span>
      )}
      {hint && (
        <span class="hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
    </div>
  );
}

/**
 * Moves focus to the form's first refused field once the problems are on screen (after Preact has rendered them),
 * so the keyboard user lands where the fix is and hears what is wrong.
 */
export function focusFirstInvalid(form: HTMLFormElement): void {
  setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
