import {
  CreatePostInputSchema,
  PasswordSchema,
  SignInInputSchema,
  SignUpInputSchema,
  UpdateAccountInputSchema,
  VerifyBackupCodeInputSchema,
  VerifyTotpInputSchema,
} from '@otakura/shared';
import { act, renderHook } from '@testing-library/react';
import i18n from 'i18next';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import en from '@/locales/en/validation.json';
import ja from '@/locales/ja/validation.json';
import { ApiError } from './api-client';
import { applyServerError, fieldError, formError, localizeMessage } from './forms';

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
