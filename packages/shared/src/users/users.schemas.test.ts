import { describe, expect, it } from 'vitest';
import {
  ageOn,
  BirthdaySchema,
  EmailSchema,
  formatBirthday,
  parseBirthday,
  UsernameSchema,
} from './users.schemas';

describe('parseBirthday', () => {
  it('reads the spec format and its common variants', () => {
    expect(parseBirthday('May 23, 1995')).toEqual({ year: 1995, month: 5, day: 23 });
    expect(parseBirthday('january 05, 2000')).toEqual({ year: 2000, month: 1, day: 5 });
    expect(parseBirthday('Feb 29, 2000')).toEqual({ year: 2000, month: 2, day: 29 });
  });
  it('refuses dates that do not exist and other formats', () => {
    for (const bad of [
      'February 30, 2000',
      'Feb 29, 2001',
      '1995-05-23',
      'Mayo 23, 1995',
      '23 May 1995',
      '',
      'May 23 95',
    ]) {
      expect(parseBirthday(bad), bad).toBeNull();
    }
  });
  it('formats back to month dd, yyyy', () => {
    expect(formatBirthday({ year: 1995, month: 5, day: 3 })).toBe('May 03, 1995');
  });
});

describe('ageOn', () => {
  const today = new Date(Date.UTC(2026, 10, 22));
  it('counts a birthday today as a full year', () => {
    expect(ageOn({ year: 2008, month: 11, day: 22 }, today)).toBe(18);
    expect(ageOn({ year: 2008, month: 11, day: 23 }, today)).toBe(17);
  });
});

describe('BirthdaySchema', () => {
  it('refuses a user under 18 with a clear message', () => {
    const y = new Date().getUTCFullYear() - 10;
    const r = BirthdaySchema.safeParse(`March 01, ${y}`);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(
      'You must be at least 18 years old to use this service.',
    );
  });
  it('accepts an adult', () => {
    expect(BirthdaySchema.safeParse('May 23, 1990').success).toBe(true);
  });
});

describe('UsernameSchema', () => {
  it.each([
    ['ab', 'Username must be at least 3 characters.'],
    ['a'.repeat(31), 'Username must be at most 30 characters.'],
    ['bad name', 'Username may only use letters, digits, _ and .'],
    ['Admin', 'That username is reserved. Please choose another.'],
  ])('refuses %s', (u, msg) => {
    const r = UsernameSchema.safeParse(u);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(msg);
  });
  it('accepts letters, digits, _ and .', () => {
    expect(UsernameSchema.parse('mecha_fan.99')).toBe('mecha_fan.99');
  });
});

describe('EmailSchema', () => {
  it('normalises case and spaces', () => {
    expect(EmailSchema.parse('  Demo@Otakura.Local ')).toBe('demo@otakura.local');
  });
  it('uses the spec message for a bad email', () => {
    expect(EmailSchema.safeParse('nope').error?.issues[0]?.message).toBe(
      'Sorry, this is not a valid email. Please enter a valid email address.',
    );
  });
});
