import {
  CreatePostInputSchema,
  PasswordSchema,
  SignInInputSchema,
  SignUpInputSchema,
  UpdateAccountInputSchema,
  VerifyBackupCodeInputSchema,
  VerifyTotpInputSchema,
} from '@otakura/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { act, renderHook, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import en from '@/locales/en/validation.json';
import ja from '@/locales/ja/validation.json';
import { ApiError } from './api-client';
import { NETWORK_ERROR_MESSAGE } from './api-error';
import {
  applyServerError,
  fieldError,
  formError,
  lazyResolver,
  localizeMessage,
  submitHandler,
} from './forms';

interface Values {
  fullName: string;
  username: string;
  email: string;
}
const FIELDS = ['fullName', 'username', 'email'] as const;

function setup() {
  return renderHook(() => {
    const form = useForm<Values>({ defaultValues: { fullName: '', username: '', email: '' } });
    void form.formState.errors; // subscribe, as a form that shows its errors does
    return form;
  });
}

const validation = (details: { path: string; message: string }[]) =>
  new ApiError(400, 'validation_error', details[0]?.message ?? 'bad', details);

afterEach(() => void i18n.changeLanguage('en'));

describe('applyServerError', () => {
  it("puts a validation_error's details on their fields (renamed, nested, first message each)", () => {
    const { result } = setup();
    let matched = false;
    act(() => {
      matched = applyServerError(
        result.current.setError,
        validation([
          { path: 'username', message: 'Username may only use letters, digits, _ and .' },
          { path: 'username', message: 'second message for the same field' },
          { path: 'name', message: 'Please enter your full name.' },
          { path: 'email.address', message: 'Sorry, this is not a valid email.' },
        ]),
        { fields: FIELDS, rename: { name: 'fullName' } },
      );
    });
    const { errors } = result.current.formState;
    expect(matched).toBe(true);
    expect(errors.username?.message).toBe('Username may only use letters, digits, _ and .');
    expect(errors.fullName?.message).toBe('Please enter your full name.');
    expect(errors.email?.message).toBe('Sorry, this is not a valid email.');
    expect(formError(errors)).toBeUndefined();
  });

  it('shows any other error, or details naming no field of the form, in the error area', () => {
    const { result } = setup();
    act(() => {
      applyServerError(result.current.setError, validation([{ path: 'token', message: 'x' }]), {
        fields: FIELDS,
        message: () => 'Please correct the fields marked below.',
      });
    });
    expect(formError(result.current.formState.errors)).toBe(
      'Please correct the fields marked below.',
    );
    expect(result.current.formState.errors.username).toBeUndefined();

    const other = setup();
    act(() => {
      applyServerError(other.result.current.setError, new ApiError(500, 'internal_error', 'Boom'), {
        fields: FIELDS,
      });
    });
    expect(formError(other.result.current.formState.errors)).toBe('Boom');
  });

  it('puts codes that belong to a field under it, and can also fill the error area', () => {
    const { result } = setup();
    act(() => {
      applyServerError(
        result.current.setError,
        new ApiError(409, 'username_taken', 'That username is already taken.'),
        {
          fields: FIELDS,
          codes: { username_taken: 'username' },
          message: (e) => `said: ${(e as Error).message}`,
          alwaysFormError: true,
        },
      );
    });
    const { errors } = result.current.formState;
    expect(errors.username?.message).toBe('said: That username is already taken.');
    expect(formError(errors)).toBe('said: That username is already taken.');
  });

  it('says what names no field under the one field of a form without an error area', () => {
    const { result } = setup();
    act(() => {
      applyServerError(result.current.setError, new ApiError(400, 'same_email', 'Same.'), {
        fields: ['email'],
        otherErrorsOn: 'email',
      });
    });
    expect(result.current.formState.errors.email?.message).toBe('Same.');
    expect(formError(result.current.formState.errors)).toBeUndefined();
  });
});

describe('shared-schema messages in the current language', () => {
  const issues = (schema: z.ZodType, value: unknown) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  };

  it('has the same keys in English and Japanese, English being the key itself', () => {
    expect(Object.keys(ja).sort()).toEqual(Object.keys(en).sort());
    for (const [key, value] of Object.entries(en)) expect(value).toBe(key);
  });

  it('translates every message the forms can show from the shared schemas', () => {
    const messages = [
      ...issues(CreatePostInputSchema, { title: ' ', communityId: 'x', body: 'a'.repeat(10_001) }),
      ...issues(CreatePostInputSchema, {
        title: 'a'.repeat(1000),
        communityId: '0190aaaa-0000-7000-8000-000000000001',
        url: 'ftp://example.com',
      }),
      ...issues(SignUpInputSchema, { name: '', username: 'a', email: 'nope', password: 'short' }),
      ...issues(SignUpInputSchema, {
        name: 'a'.repeat(81),
        username: 'a'.repeat(31),
        email: '',
        password: 'a'.repeat(129),
      }),
      ...issues(SignUpInputSchema, {
        name: 'A',
        username: 'bad name',
        email: 'a@b.co',
        password: 'x',
      }),
      ...issues(UpdateAccountInputSchema, { username: 'admin', phone: 'call me' }),
      ...issues(SignInInputSchema, { email: 'a@b.co', password: '' }),
      ...issues(VerifyTotpInputSchema, { code: '12' }),
      ...issues(VerifyBackupCodeInputSchema, { code: ' ' }),
      ...issues(PasswordSchema, undefined),
    ];
    expect(messages.length).toBeGreaterThan(15);
    void i18n.changeLanguage('ja');
    for (const message of new Set(messages)) {
      expect(ja, message).toHaveProperty([message]);
      expect(localizeMessage(message)).toBe((ja as Record<string, string>)[message]);
    }
  });

  it('reads a field error in the current language, and unknown words as they are', () => {
    void i18n.changeLanguage('ja');
    expect(fieldError({ message: 'Please choose a community.' })).toBe(
      'コミュニティを選んでください。',
    );
    expect(fieldError({ message: 'Something only the server says.' })).toBe(
      'Something only the server says.',
    );
    expect(fieldError(undefined)).toBeUndefined();
  });
});

describe('lazyResolver', () => {
  const LoginSchema = SignInInputSchema.pick({ email: true, password: true });
  type Login = { email: string; password: string };

  function loginForm(load: () => Promise<unknown>) {
    const resolver = lazyResolver<Login>(load as never);
    const action = vi.fn();
    const { result } = renderHook(() => {
      const form = useForm<Login>({ defaultValues: { email: '', password: '' }, resolver });
      void form.formState.errors;
      return form;
    });
    const submit = () =>
      act(() => submitHandler(result.current, action, { fields: ['email', 'password'] })());
    return { result, action, submit, resolver };
  }

  it('fetches the check once, at the first submit, and then checks with the shared schema', async () => {
    const load = vi.fn(() => Promise.resolve(zodResolver(LoginSchema)));
    const { result, action, submit } = loginForm(load);
    expect(load).not.toHaveBeenCalled();

    await submit();
    await waitFor(() => expect(result.current.formState.errors.password).toBeDefined());
    expect(result.current.formState.errors.password?.message).toBe('Please enter your password.');
    expect(action).not.toHaveBeenCalled();

    act(() => {
      result.current.setValue('email', 'a@example.com');
      result.current.setValue('password', 'secret');
    });
    await submit();
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(action.mock.calls[0]?.[0]).toEqual({ email: 'a@example.com', password: 'secret' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says a failed fetch on the form as a network error, and fetches again next time', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(zodResolver(LoginSchema));
    const { result, action, submit } = loginForm(load);
    act(() => {
      result.current.setValue('email', 'a@example.com');
      result.current.setValue('password', 'secret');
    });

    await submit();
    await waitFor(() =>
      expect(formError(result.current.formState.errors)).toBe(NETWORK_ERROR_MESSAGE),
    );
    expect(result.current.formState.isSubmitting).toBe(false);
    expect(action).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalled();

    await submit();
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('preload() fetches the check before the first submit', async () => {
    const load = vi.fn(() => Promise.resolve(zodResolver(LoginSchema)));
    const { resolver } = loginForm(load);
    resolver.preload();
    resolver.preload();
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
  });
});
