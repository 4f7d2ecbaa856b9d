import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/test/render';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { ResetPasswordForm } from './reset-password-form';
import { SignUpForm } from './sign-up-form';
import { TwoFactorForm } from './two-factor-form';

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

  it("puts a server validation_error's details under their fields, with the alert", async () => {
    const onSubmit = vi.fn().mockRejectedValue(
      new ApiError(400, 'validation_error', 'username: taken', [
        { path: 'username', message: 'Username may only use letters, digits, _ and .' },
        { path: 'name', message: 'Please enter your full name.' },
      ]),
    );
    const { user } = renderWithProviders(<SignUpForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Full name'), 'Aiko Tanaka');
    await user.type(screen.getByLabelText('Username'), 'aiko');
    await user.type(screen.getByLabelText('Email'), 'aiko@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    const username = screen.getByLabelText('Username');
    await waitFor(() => expect(username).toHaveAttribute('aria-invalid', 'true'));
    expect(username).toHaveAccessibleDescription('Username may only use letters, digits, _ and .');
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription(
      'Please enter your full name.',
    );
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(
      screen
        .getAllByRole('alert')
        .some((a) => a.textContent === 'Please correct the fields marked below.'),
    ).toBe(true);
  });

  it('checks the shared sign-up rules before sending', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<SignUpForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Full name'), 'Aiko Tanaka');
    await user.type(screen.getByLabelText('Username'), 'ai');
    await user.type(screen.getByLabelText('Email'), 'aiko@example.com');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(
        'Username must be at least 3 characters.',
      ),
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Password must be at least 8 characters.',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('server errors on the auth forms', () => {
  it('Login: a validation_error lands on its field; any other error in the error area', async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError(400, 'validation_error', 'password: Please enter your password.', [
          { path: 'password', message: 'Please enter your password.' },
        ]),
      )
      .mockRejectedValueOnce(
        new ApiError(401, 'invalid_credential', 'Sorry, that email or password is incorrect.'),
      );
    const { user } = renderWithProviders(<LoginForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Email'), 'aiko@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
        'Please enter your password.',
      ),
    );
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');

    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(screen.getByText('Sorry, that email or password is incorrect.')).toBeInTheDocument(),
    );
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
  });

  it('Forgot password: a validation_error lands on the email field', async () => {
    const onSubmit = vi.fn().mockRejectedValue(
      new ApiError(400, 'validation_error', 'email: bad', [
        {
          path: 'email',
          message: 'Sorry, this is not a valid email. Please enter a valid email address.',
        },
      ]),
    );
    const { user } = renderWithProviders(<ForgotPasswordForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Email'), 'aiko@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot Password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
        'Sorry, this is not a valid email. Please enter a valid email address.',
      ),
    );
  });

  it('Reset password: a validation_error lands on the new password', async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValue(
        new ApiError(400, 'validation_error', 'newPassword: too long', [
          { path: 'newPassword', message: 'Password must be at most 128 characters.' },
        ]),
      );
    const { user } = renderWithProviders(<ResetPasswordForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('New password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
        'Password must be at most 128 characters.',
      ),
    );
  });

  it('Two-factor: Verify waits for six digits; a validation_error lands on the code', async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValue(
        new ApiError(400, 'validation_error', 'code: bad', [
          { path: 'code', message: 'Please enter the 6-digit code from your authenticator app.' },
        ]),
      );
    const { user } = renderWithProviders(<TwoFactorForm onSubmit={onSubmit} onBack={vi.fn()} />);
    const code = screen.getByLabelText('Authentication code');
    const verify = screen.getByRole('button', { name: 'Verify' });
    await user.type(code, '12a345');
    expect(code).toHaveValue('12345');
    expect(verify).toBeDisabled();
    await user.type(code, '6');
    expect(verify).toBeEnabled();
    await user.click(verify);
    expect(onSubmit).toHaveBeenCalledWith({ method: 'totp', code: '123456', trustDevice: false });
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(
        'Please enter the 6-digit code from your authenticator app.',
      ),
    );
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
