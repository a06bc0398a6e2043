/** Firefox's own prompt for an origin the add-on asks for, answered as a user answers it. */
import type { Driver } from './driver';

const PROMPT = '#addon-webext-permissions-notification';

/**
 * Answers Firefox's permission prompt for the extension: `allow` clicks its main button, else "Cancel"; returns the
 * prompt's words. Waits up to `waitMs` for it to show.
 */
export async function answerPrompt(ff: Driver, allow: boolean, waitMs?: number): Promise<string> {
  await ff.command('Marionette:SetContext', { value: 'chrome' });
  try {
    const prompt = PROMPT;
    const text = await ff.until(
      'the permission prompt',
      async () => {
        const [panel] = await ff.findAll(prompt);
        return panel && (await ff.text(panel));
      },
      waitMs,
    );
    // The headless window does not lay the doorhanger out, so its buttons are clicked from script.
    await ff.execute(
      'const n = document.querySelector(arguments[0]); (arguments[1] ? n.button : n.secondaryButton).click();',
      prompt,
      allow,
    );
    return text;
  } finally {
    await ff.command('Marionette:SetContext', { value: 'content' });
  }
}

/** Allows the prompt if Firefox shows one within `waitMs`; null when it asked nothing. */
export function allowIfAsked(ff: Driver, waitMs: number): Promise<string | null> {
  return answerPrompt(ff, true, waitMs).catch((error: Error) => {
    if (error.message.startsWith('Timed out')) return null;
    throw error;
  });
}
