import { describe, expect, it } from 'vitest';
import { DEFAULT_TRACES_SAMPLE_RATE, errorReportingOptions } from './error-reporting.ts';

describe('errorReportingOptions', () => {
  it('is off without a public key', () => {
    expect(errorReportingOptions(undefined)).toBeNull();
    expect(errorReportingOptions({ public_key: '', traces_sample_rate: 0.2 })).toBeNull();
    expect(errorReportingOptions({ public_key: '   ', traces_sample_rate: 0.2 })).toBeNull();
  });

  it('reports to the key with the configured trace sample rate, 0.2 when it is not one', () => {
    const dsn = 'https://abc@errors.example.com/1';
    expect(errorReportingOptions({ public_key: dsn, traces_sample_rate: 0.5 })).toEqual({
      dsn,
      tracesSampleRate: 0.5,
    });
    expect(errorReportingOptions({ public_key: dsn, traces_sample_rate: 7 })).toEqual({
      dsn,
      tracesSampleRate: DEFAULT_TRACES_SAMPLE_RATE,
    });
    expect(DEFAULT_TRACES_SAMPLE_RATE).toBe(0.2);
  });
});
