/**
 * The WebDriver commands the Firefox journeys use, over one Marionette connection: find, click, type, read, navigate,
 * tabs, and scripts in the current page. Elements are found by CSS or by their accessible-looking text (a button's
 * text or aria-label, a label's text), the way a user finds them.
 */
import type { Marionette } from './marionette';

/** The WebDriver key under which an element reference travels. */
export const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

/** A reference to an element in the current page. */
export interface ElementRef {
  [ELEMENT_KEY]: string;
}

/** How long `until` waits for a condition by default (ms). Finds wait the session's implicit 5 s. */
export const WAIT_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** An XPath string literal for any text (XPath 1 has no escapes: split on double quotes). */
export function xpathLiteral(text: string): string {
  if (!text.includes('"')) return `"${text}"`;
  return `concat(${text
    .split('"')
    .map((part) => `"${part}"`)
    .join(`, '"', `)})`;
}

/** XPath for a button whose text or aria-label is exactly `name`. */
export function buttonXpath(name: string): string {
  const literal = xpathLiteral(name);
  return `//button[normalize-space(.)=${literal} or @aria-label=${literal}]`;
}

/** XPath for the input, select or textarea a label names (by `for`, or wrapped in the label). */
export function labelledXpath(label: string): string {
  const literal = xpathLiteral(label);
  const field = 'self::input or self::select or self::textarea';
  return (
    `//*[(${field}) and (@id=//label[normalize-space(.)=${literal}]/@for` +
    ` or ancestor::label[starts-with(normalize-space(.), ${literal})] or @aria-label=${literal})]`
  );
}

type Falsy = false | 0 | '' | null | undefined;

export type Locator = string | { xpath: string } | ElementRef;

export class Driver {
  constructor(private readonly marionette: Marionette) {}

  /** Any Marionette command (for what the helpers below do not cover). */
  command<T = unknown>(name: string, params: Record<string, unknown> = {}): Promise<T> {
    return this.marionette.command<T>(name, params);
  }

  /** The first element matching, waiting (the session's implicit wait) for it to appear. */
  async find(locator: Locator): Promise<ElementRef> {
    if (typeof locator === 'object' && ELEMENT_KEY in locator) return locator;
    return this.command<ElementRef>('WebDriver:FindElement', by(locator));
  }

  /** Every element matching (waiting the implicit wait only while there is none). */
  findAll(locator: string | { xpath: string }): Promise<ElementRef[]> {
    return this.command<ElementRef[]>('WebDriver:FindElements', by(locator));
  }

  /**
   * Clicks an element as a user does: scrolled to the middle of the view first. WebDriver scrolls it only to the
   * view's edge, where a bar that stays in view (the side panel's list bar) covers it and takes the click.
   */
  async click(locator: Locator): Promise<void> {
    const element = await this.find(locator);
    await this.command('WebDriver:ExecuteScript', {
      script: 'arguments[0].scrollIntoView({ block: "center", inline: "nearest" });',
      args: [element],
    });
    await this.command('WebDriver:ElementClick', { id: id(element) });
  }

  /** Clicks the button named `name` (its text or aria-label). */
  clickButton(name: string): Promise<void> {
    return this.click({ xpath: buttonXpath(name) });
  }

  /** Replaces a field's value by typing, so the page sees input events (a clear alone fires none). */
  async fill(locator: Locator, text: string): Promise<void> {
    const element = await this.find(locator);
    await this.command('WebDriver:ElementClear', { id: id(element) });
    await this.command('WebDriver:ElementSendKeys', { id: id(element), text });
  }

  /** Fills the field a label names. */
  fillLabelled(label: string, text: string): Promise<void> {
    return this.fill({ xpath: labelledXpath(label) }, text);
  }

  /** The rendered text of an element. */
  async text(locator: Locator): Promise<string> {
    return this.command<string>('WebDriver:GetElementText', { id: id(await this.find(locator)) });
  }

  async attribute(locator: Locator, name: string): Promise<string | null> {
    return this.command<string | null>('WebDriver:GetElementAttribute', {
      id: id(await this.find(locator)),
      name,
    });
  }

  async isEnabled(locator: Locator): Promise<boolean> {
    return this.command<boolean>('WebDriver:IsElementEnabled', { id: id(await this.find(locator)) });
  }

  /** Whether WebDriver deems the element displayed (rendered, not hidden or clipped away). */
  async isDisplayed(locator: Locator): Promise<boolean> {
    return this.command<boolean>('WebDriver:IsElementDisplayed', { id: id(await this.find(locator)) });
  }

  async navigate(url: string): Promise<void> {
    await this.command('WebDriver:Navigate', { url });
  }

  url(): Promise<string> {
    return this.command<string>('WebDriver:GetCurrentURL');
  }

  windowHandle(): Promise<string> {
    return this.command<string>('WebDriver:GetWindowHandle');
  }

  windowHandles(): Promise<string[]> {
    return this.command<string[]>('WebDriver:GetWindowHandles');
  }

  /** Makes `handle` the tab commands go to; `focus: false` leaves the selected tab as it is (no visibility change). */
  async switchTo(handle: string, focus = true): Promise<void> {
    await this.command('WebDriver:SwitchToWindow', { handle, focus });
  }

  /** Opens a new tab, switches to it, and loads `url`; returns its handle. */
  async openTab(url: string): Promise<string> {
    const { handle } = await this.command<{ handle: string }>('WebDriver:NewWindow', { type: 'tab' });
    await this.switchTo(handle);
    await this.navigate(url);
    return handle;
  }

  /** Closes the current tab and switches to the first one left (a closed tab takes no more commands). */
  async closeTab(): Promise<void> {
    const [first] = await this.command<string[]>('WebDriver:CloseWindow');
    if (first) await this.switchTo(first);
  }

  /**
   * Runs `body` (a function body; `arguments` holds `args`) in the current page and returns its result. Bodies are
   * not async: return a promise to wait for one.
   */
  execute<T>(body: string, ...args: unknown[]): Promise<T> {
    return this.command<T>('WebDriver:ExecuteScript', { script: body, args });
  }

  /**
   * Polls `check` until it returns a truthy value, and returns that (errors count as not yet); throws, naming
   * `what`, after `timeoutMs`.
   */
  async until<T>(what: string, check: () => Promise<T | Falsy>, timeoutMs = WAIT_MS): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    let last: unknown;
    for (;;) {
      try {
        const value = await check();
        if (value) return value as T;
        last = value;
      } catch (error) {
        last = error;
      }
      if (Date.now() > deadline) {
        throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what} (last: ${describe(last)})`);
      }
      await sleep(100);
    }
  }

  /** Waits until the element's text matches `expected`; returns the text. */
  textMatching(locator: Locator, expected: RegExp, timeoutMs = WAIT_MS): Promise<string> {
    return this.until(
      `${describe(locator)} to match ${expected}`,
      async () => {
        const text = await this.text(locator);
        return expected.test(text) ? text : '';
      },
      timeoutMs,
    );
  }
}

function by(locator: string | { xpath: string }) {
  return typeof locator === 'string'
    ? { using: 'css selector', value: locator }
    : { using: 'xpath', value: locator.xpath };
}

function id(element: ElementRef): string {
  return element[ELEMENT_KEY];
}

function describe(value: unknown): string {
  if (value instanceof Error) return value.message;
  return typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
}
