import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { SignUpForm } from './sign-up-form';

describe('LoginForm', () => {
  it('keeps Login disabled until both email and password are filled', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<LoginForm onSubmit={onSubmit} />);
    const button = screen.getByRole('button', { name: 'Login' });
    expect(button).toBeDisabled();

    await user.type(screen.getByLabelText('Email'), 'aiko@example.com');
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), 'secret');
    expect(button).toBeEnabled();

    await user.click(button);
    expect(onSubmit).toHaveBeenCalledWith({ email: 'aiko@example.com', password: 'secret' });

    await user.clear(screen.getByLabelText('Email'));
    expect(button).toBeDisabled();
  });

  it('links to Forgot password and Sign up, and shows errors in its error area', () => {
    renderWithProviders(
      <LoginForm onSubmit={() => undefined} error="Sorry, that email or password is incorrect." />,
    );
    expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute(
      'href',
      '/forgotPassword',
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signUp');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Sorry, that email or password is incorrect.',
    );
  });
});

describe('SignUpForm', () => {
  it('keeps the button disabled until full name, username, email and password are all filled', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<SignUpForm onSubmit={onSubmit} />);
    const button = screen.getByRole('button', { name: 'Sign Up' });

    const fields: Array<[string, string]> = [
      ['Full name', 'Aiko Tanaka'],
      ['Username', 'aiko'],
      ['Email', 'aiko@example.com'],
      ['Password', 'secret-pass'],
    ];
    for (const [label, value] of fields) {
      expect(button).toBeDisabled();
      await user.type(screen.getByLabelText(label), value);
    }
    expect(button).toBeEnabled();

    await user.click(button);
    expect(onSubmit).toHaveBeenCalledWith({
      fullName: 'Aiko Tanaka',
      username: 'aiko',
      email: 'aiko@example.com',
      password: 'secret-pass',
    });
  });

  it('shows a field error tied to its input', () => {
    renderWithProviders(
      <SignUpForm onSubmit={() => undefined} fieldErrors={{ username: 'Username is taken' }} />,
    );
    const input = screen.getByLabelText('Username');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Username is taken');
  });
});

describe('ForgotPasswordForm', () => {
  it('has an email field, a Forgot Password button enabled once filled, and a Cancel link to /', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<ForgotPasswordForm onSubmit={onSubmit} />);
    const button = screen.getByRole('button', { name: 'Forgot Password' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), 'aiko@example.com');
    await user.click(button);
    expect(onSubmit).toHaveBeenCalledWith({ email: 'aiko@example.com' });
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/');
  });
});
