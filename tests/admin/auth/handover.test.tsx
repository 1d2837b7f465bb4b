import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthPage } from '../../../admin/auth/AuthPage';
import { hasStaticSignIn, startOnIntent, whenReleased } from '../../../admin/auth/intent';
import type { AuthOutcome } from '../../../admin/auth/session';
import { renderAuthPage } from './render';

/** A drawn sign-in page in #root, as auth.html's picker leaves it (its markup reduced to what the hand-over reads). */
function drawnPage() {
  const root = document.createElement('div');
  root.id = 'root';
  root.dataset.prerendered = 'signin';
  root.innerHTML = '<form><button type="button">EN</button><input type="email"><input type="password"><button type="submit">Sign in</button></form>';
  document.body.append(root);
  const start = vi.fn();
  startOnIntent(start);
  const field = (type: string) => root.querySelector<HTMLInputElement>(`input[type="${type}"]`) as HTMLInputElement;
  return { root, start, email: field('email'), password: field('password'), form: root.querySelector('form') as HTMLFormElement };
}

const takeOver = (outcome: AuthOutcome = { status: 'WRONG_CREDENTIALS' }) => {
  const actions = { signIn: vi.fn(async () => outcome), signUp: vi.fn(async () => outcome) };
  renderAuthPage(<AuthPage actions={actions} />, { path: '/auth' });
  return actions;
};

describe('the hand-over from the drawn sign-in page to React (issue #20)', () => {
  afterEach(() => document.getElementById('root')?.remove());

  it('starts the sign-in code at the first sign of use, once', () => {
    const { start, email } = drawnPage();
    expect(hasStaticSignIn()).toBe(true);
    expect(start).not.toHaveBeenCalled();
    fireEvent.focusIn(email);
    fireEvent.keyDown(email, { key: 'a' });
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('carries over what was typed and the focus, holds the submit and sends it from the page React draws', async () => {
    const { root, email, password, form } = drawnPage();
    email.value = 'ada@example.com';
    password.value = 'secret123';
    password.focus();
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);

    const actions = takeOver();
    expect(await screen.findByText('Incorrect email or password.')).toBeVisible();
    expect(actions.signIn).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret123' });
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(root.dataset.prerendered).toBeUndefined();

    // Taken over: a later submit is React's own again, not held.
    const later = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
  });

  it('repeats a click on the language button on the page React draws', async () => {
    const { root } = drawnPage();
    await act(async () => fireEvent.click(root.querySelector('button[type="button"]') as HTMLButtonElement));
    takeOver();
    expect(await screen.findByRole('menu')).toBeVisible();
    expect(screen.getByRole('menuitem', { name: 'Deutsch' })).toBeVisible();
  });

  it("takes over only once a press has its click: the click is held on the drawn page and repeated on React's", async () => {
    const { root } = drawnPage();
    const language = root.querySelector('button[type="button"]') as HTMLButtonElement;
    fireEvent.pointerDown(language);
    let released = false;
    const waiting = whenReleased().then(() => void (released = true));
    await act(async () => undefined);
    expect(released).toBe(false);
    fireEvent.pointerUp(language);
    fireEvent.click(language);
    await waiting;
    takeOver();
    expect(await screen.findByRole('menu')).toBeVisible();
    expect(screen.getByRole('menuitem', { name: 'Deutsch' })).toBeVisible();
  });

  it('a press that ends without a click (dragged off its button) holds nothing', async () => {
    const { root } = drawnPage();
    fireEvent.pointerDown(root.querySelector('button[type="button"]') as HTMLButtonElement);
    fireEvent.pointerUp(document.body);
    await whenReleased();
    takeOver();
    expect(await screen.findByLabelText('Email')).toBeVisible();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('leaves a page without a drawn form as it is', () => {
    const actions = takeOver();
    expect(hasStaticSignIn()).toBe(false);
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(actions.signIn).not.toHaveBeenCalled();
  });
});
