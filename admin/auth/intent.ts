/**
 * The hand-over from a sign-in page drawn by the build (staticPages.ts) to the one React renders.
 * The drawn page is on screen before a script runs; the sign-in code is loaded when the visitor
 * first touches it (a key, a pointer, a focus), so the page costs a visitor who only looks at it
 * no script time (issue #20, Lighthouse's blocking time). Until React has taken over, a submit is
 * held and sent again, and a click on a button is repeated, on the page React draws in its place;
 * what was typed and where the caret was carry over. React does not take over in the middle of a
 * press (`whenReleased`): the press's click would land on neither page.
 */

/** What the visitor did on the drawn page, read when React draws its own. */
export interface StaticForm {
  email: string;
  password: string;
  focused: 'email' | 'password' | null;
  caret: number | null;
}

const INTENT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'input', 'click', 'submit', 'pointerup', 'pointercancel', 'keyup'] as const;

interface Held {
  root: HTMLElement;
  listener: (event: Event) => void;
  submit: boolean;
  /** The index among the drawn page's buttons of a clicked one other than submit (the language menu). */
  button: number | null;
  /**
   * A press on the drawn page (a pointer down, or a key that clicks a focused button) whose click has
   * not come yet. The sign-in code can load between a press and its click (a second visit has it
   * cached): drawn over then, the press's button is gone and its click opens nothing.
   */
  pressing: boolean;
  /** Who waits for the press to end (`whenReleased`). */
  onRelease: (() => void)[];
}

/** The drawn page's state while it is on screen; null before it is drawn and once React has taken over. */
let held: Held | null = null;

function release(state: Held): void {
  state.pressing = false;
  const waiting = state.onRelease;
  state.onRelease = [];
  for (const resolve of waiting) resolve();
}

/** Resolves once no press is in progress on the drawn page (at once when there is none). */
export function whenReleased(): Promise<void> {
  const state = held;
  if (!state?.pressing) return Promise.resolve();
  return new Promise((resolve) => state.onRelease.push(resolve));
}

/** Follows a press to its click; a press that ends without one (dragged off) is over once the event's task is. */
function trackPress(state: Held, event: Event): void {
  if (event.type === 'pointerdown' || (event.type === 'keydown' && event instanceof KeyboardEvent && (event.key === ' ' || event.key === 'Enter'))) {
    state.pressing = true;
  } else if (event.type === 'click') release(state);
  else if (state.pressing && (event.type === 'pointerup' || event.type === 'pointercancel' || event.type === 'keyup')) {
    setTimeout(() => state.pressing && release(state), 0);
  }
}

/** Whether #root holds a page drawn by the build (set by showStaticSignIn). */
export const hasStaticSignIn = (): boolean => Boolean(document.getElementById('root')?.dataset.prerendered);

/** Calls `start` at the visitor's first sign of using the drawn page, and holds their submit and clicks until takeover. */
export function startOnIntent(start: () => void): void {
  const root = document.getElementById('root');
  if (!root) return start();
  let started = false;
  const listener = (event: Event) => {
    if (!held) return;
    trackPress(held, event);
    if (event.type === 'submit') {
      event.preventDefault();
      held.submit = true;
    } else if (event.type === 'click' && event.target instanceof Element) {
      const button = event.target.closest('button');
      if (button && button.type !== 'submit') held.button = [...root.querySelectorAll('button')].indexOf(button);
    }
    if (!started) {
      started = true;
      start();
    }
  };
  held = { root, listener, submit: false, button: null, pressing: false, onRelease: [] };
  for (const type of INTENT_EVENTS) document.addEventListener(type, listener, true);
}

const fieldOf = (element: Element | null): 'email' | 'password' | null =>
  element instanceof HTMLInputElement && (element.type === 'email' || element.type === 'password') ? element.type : null;

/** The drawn form's values and focus, while it is still on screen (React reads them as it draws its own); null without one. */
export function readStaticForm(): StaticForm | null {
  if (!held) return null;
  const input = (type: 'email' | 'password') => held?.root.querySelector<HTMLInputElement>(`input[type="${type}"]`);
  const focused = held.root.contains(document.activeElement) ? fieldOf(document.activeElement) : null;
  return {
    email: input('email')?.value ?? '',
    password: input('password')?.value ?? '',
    focused,
    caret: focused ? (input(focused)?.selectionStart ?? null) : null,
  };
}

/**
 * After React's first drawing of the form: stop holding events, put the caret back where it was,
 * then repeat the held click or submit on React's elements.
 */
export function resumeStaticForm(form: HTMLFormElement | null, before: StaticForm | null): void {
  if (!held) return;
  const { root, listener, submit, button } = held;
  release(held);
  held = null;
  for (const type of INTENT_EVENTS) document.removeEventListener(type, listener, true);
  delete root.dataset.prerendered;
  if (!form || !before) return;
  if (before.focused) {
    const input = form.querySelector<HTMLInputElement>(`input[type="${before.focused}"]`);
    input?.focus();
    if (input && before.caret !== null && input.type !== 'email') input.setSelectionRange(before.caret, before.caret);
  }
  if (button !== null) form.querySelectorAll('button')[button]?.click();
  if (submit) form.requestSubmit();
}
