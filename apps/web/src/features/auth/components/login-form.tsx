import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import './auth-form.css';

export interface LoginValues {
  email: string;
  password: string;
}

export interface LoginFormProps {
  onSubmit: (values: LoginValues) => void;
  /** Shown in the error area (spec §8 messages). */
  error?: string | null;
  pending?: boolean;
}

/** Spec §2 Login: Email, password, Login (disabled until both are filled), Forgot password, Sign up, an error area. */
export function LoginForm({ onSubmit, error, pending = false }: LoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const errorId = useId();
  const filled = email.trim() !== '' && password !== '';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!filled || pending) return;
    onSubmit({ email: email.trim(), password });
  };

  return (
    <form
      className="auth-form"
      onSubmit={submit}
      noValidate
      aria-describedby={error ? errorId : undefined}
    >
      <Input
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Input
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <div className="auth-form__aside">
        <Link to="/forgotPassword">Forgot password</Link>
      </div>
      <div id={errorId} className="auth-form__error" role="alert">
        {error}
      </div>
      <Button type="submit" size="lg" block disabled={!filled} loading={pending}>
        Login
      </Button>
      <p className="auth-form__switch">
        Don&apos;t have an account? <Link to="/signUp">Sign up</Link>
      </p>
    </form>
  );
}
