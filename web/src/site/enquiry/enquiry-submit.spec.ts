import { describe, expect, it } from 'vitest';
import { submitEnquiry } from './enquiry-submit.ts';

/** Steps that record the order they ran in. */
function steps({ isHuman = true, isValid = true } = {}) {
  const ran: string[] = [];
  return {
    ran,
    steps: {
      checkHuman: async () => {
        ran.push('check');
        return isHuman;
      },
      validate: async () => {
        ran.push('validate');
        return isValid ? { name: 'Asha' } : null;
      },
      send: (values: { name: string }) => {
        ran.push(`send ${values.name}`);
      },
    },
  };
}

describe('submitEnquiry', () => {
  it('checks the fields, then the human, then sends', async () => {
    const { ran, steps: s } = steps();
    expect(await submitEnquiry(s)).toBe('sent');
    expect(ran).toEqual(['validate', 'check', 'send Asha']);
  });

  it('runs no human check while a field is wrong', async () => {
    const { ran, steps: s } = steps({ isValid: false });
    expect(await submitEnquiry(s)).toBe('invalid');
    expect(ran).toEqual(['validate']);
  });

  it('sends nothing when the human check fails', async () => {
    const { ran, steps: s } = steps({ isHuman: false });
    expect(await submitEnquiry(s)).toBe('not-human');
    expect(ran).toEqual(['validate', 'check']);
  });

  describe('with the check first (landing reseller form)', () => {
    it('checks the human before the fields', async () => {
      const { ran, steps: s } = steps();
      expect(await submitEnquiry(s, true)).toBe('sent');
      expect(ran).toEqual(['check', 'validate', 'send Asha']);
    });

    it('stops at a failed check without looking at the fields', async () => {
      const { ran, steps: s } = steps({ isHuman: false, isValid: false });
      expect(await submitEnquiry(s, true)).toBe('not-human');
      expect(ran).toEqual(['check']);
    });

    it('checks once, and sends nothing while a field is wrong', async () => {
      const { ran, steps: s } = steps({ isValid: false });
      expect(await submitEnquiry(s, true)).toBe('invalid');
      expect(ran).toEqual(['check', 'validate']);
    });
  });
});
