import { describe, expect, it } from 'vitest';
import { isNewsletterEmail } from './newsletter.ts';

describe('isNewsletterEmail', () => {
  it.each([['a@b.c'], ['jane.doe@example.co.in'], ['x+tag@mail.example.com']])('accepts %j', (value) => {
    expect(isNewsletterEmail(value)).toBe(true);
  });

  it.each([
    [''],
    ['plain'],
    ['@example.com'],
    ['jane@'],
    ['jane@example'],
    ['jane@example.'],
    ['jane@.com'],
    ['jane doe@example.com'],
    ['jane@exa mple.com'],
    [' jane@example.com'],
    ['jane@example.com '],
    ['jane@@example.com'],
  ])('refuses %j', (value) => {
    expect(isNewsletterEmail(value)).toBe(false);
  });
});
