import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import './auth-form.css';

export interface SignUpValues {
  fullName: string;
  username: string;
  email: string;
  password: string;
}

export interface SignUpFormProps {
  onSubmit: (values: SignUpValues) => void;
  error?: string | null;
  /** Per-field messages, from a `validation_error`'s details. */
  fieldErrors?: Partial<Record<keyof SignUpValues, string>>;
  pending?: boolean;
}

/** Spec §2 Sign-up: full name, username, email, password, all required; the button waits for all four. */
export function SignUpForm({ onSubmit, error, fieldErrors, pending = false }: SignUpFormProps) {
  const [values, setValues] = useState<SignUpValues>({
    fullName: '',
    username: '',
    email: '',
    password: '',
  });
  const errorId = useId();
  const filled =
    values.fullName.trim() !== '' &&
    values.username.trim() !== '' &&
    values.email.trim() !== '' &&
    values.password !== '';

  const set = (key: keyof SignUpValues) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!filled || pending) return;
    onSubmit({
      fullName: values.fullName.trim(),
      username: values.username.trim(),
      email: values.email.trim(),
      password: values.password,
    });
  };

  return (
    <form
      className="auth-form"
      onSubmit={submit}
      noValidate
      aria-describedby={error ? errorId : undefined}
    >
      <Input
        label="Full name"
        name="fullName"
        autoComplete="name"
        required
        value={values.fullName}
        onChange={set('fullName')}
        error={fieldErrors?.fullName}
      />
      <Input
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={values.username}
        onChange={set('username')}
        error={fieldErrors?.username}
      />
      <Input
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        value={values.email}
        onChange={set('email')}
        error={fieldErrors?.email}
      />
      <Input
        label="Password"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        value={values.password}
        onChange={set('password')}
        error={fieldErrors?.password}
      />
      <div id={errorId} className="auth-form__error" role="alert">
        {error}
      </div>
      <Button type="submit" size="lg" block disabled={!filled} loading={pending}>
        Sign Up
      </Button>
      <p className="auth-form__switch">
        Already have an account? <Link to="/login">Login</Link>
      </p>
    </form>
  );
}
