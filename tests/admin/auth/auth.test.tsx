import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthPage } from '../../../admin/auth/AuthPage';
import type { AuthOutcome } from '../../../admin/auth/session';
import { fieldErrorMessage } from '../../../admin/providers/serverMessages';
import { renderInAdmin } from '../helpers';

function setup(path: string, outcome: AuthOutcome) {
  const actions = { signIn: vi.fn(async () => outcome), signUp: vi.fn(async () => outcome) };
  renderInAdmin(<AuthPage actions={actions} />, { path });
  return actions;
}

const fill = (email: string, password: string) => {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
};

describe('sign-in page (/auth)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('/auth signs in and goes to /settings', async () => {
    const actions = setup('/auth', { status: 'OK' });
    fill('ada@example.com', 'secret123');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
    expect(actions.signIn).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret123' });
    expect(screen.getByTestId('location')).toHaveTextContent('/settings');
  });

  it('/auth/signup signs up', async () => {
    const actions = setup('/auth/signup', { status: 'OK' });
    fill('ada@example.com', 'secret123');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign up' })));
    expect(actions.signUp).toHaveBeenCalled();
  });

  it('checks the fields before calling the server', async () => {
    const actions = setup('/auth', { status: 'OK' });
    fill('not-an-email', '');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(actions.signIn).not.toHaveBeenCalled();
  });

  it("shows the server's field errors inline", async () => {
    const english = 'Password must contain at least 8 characters, including a number';
    setup('/auth/signup', { status: 'FIELD_ERROR', fields: { password: fieldErrorMessage({ code: 'password_too_short' }, english) } });
    fill('ada@example.com', 'short');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign up' })));
    expect(screen.getByText('Password must contain at least 8 characters, including a number')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/auth/signup');
  });

  it('says when the credentials are wrong or attempts are rate limited', async () => {
    setup('/auth', { status: 'WRONG_CREDENTIALS' });
    fill('ada@example.com', 'wrong-pass1');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
    expect(screen.getByRole('alert')).toHaveTextContent('Incorrect email or password.');
  });
});
