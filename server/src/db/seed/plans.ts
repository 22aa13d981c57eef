import type { PriceInterval } from '@kosh/contracts';

export type SeedPlan = {
  name: string;
  description: string;
  /** Bytes. */
  available_space: number;
  free: boolean;
  recommended: boolean;
  feature_list: string[];
  /** Amounts in rupees. */
  prices: Array<{ amount: number; interval: PriceInterval; interval_count: number }>;
};

const GB = 1024 ** 3;
const TB = 1024 ** 4;

/**
 * The plans of a fresh install (spec part 2, 1 and 9): 25 GB free on sign-up, paid plans in INR up
 * to 2 TB, each with a monthly and a yearly price. Yearly saves 15-36 % on the smaller plans and
 * 92 % on 2 TB (2,400 against 12 x 2,500), the "save up to 92 percent" of the pricing page.
 * Names, descriptions and features are lines of the `pricing` section, so they can be translated.
 */
export const DEFAULT_PLANS: SeedPlan[] = [
  {
    name: 'Free',
    description: 'Everything you need to get started.',
    available_space: 25 * GB,
    free: true,
    recommended: false,
    feature_list: [
      '25 GB of secure storage',
      'No upload file size limit',
      'Share files and folders with links',
      'Access from any device',
    ],
    prices: [],
  },
  {
    name: 'Basic',
    description: 'For personal files, photos and documents.',
    available_space: 100 * GB,
    free: false,
    recommended: false,
    feature_list: [
      '100 GB of secure storage',
      'Everything in Free',
      'Password-protected shareable links',
      'Email support',
    ],
    prices: [
      { amount: 79, interval: 'month', interval_count: 1 },
      { amount: 799, interval: 'year', interval_count: 1 },
    ],
  },
  {
    name: 'Standard',
    description: 'For families and creators with growing libraries.',
    available_space: 500 * GB,
    free: false,
    recommended: true,
    feature_list: [
      '500 GB of secure storage',
      'Everything in Basic',
      'Shareable links that expire',
      'Team workspaces',
      'Priority email support',
    ],
    prices: [
      { amount: 149, interval: 'month', interval_count: 1 },
      { amount: 1299, interval: 'year', interval_count: 1 },
    ],
  },
  {
    name: 'Premium',
    description: 'For professionals who need room to grow.',
    available_space: TB,
    free: false,
    recommended: false,
    feature_list: ['1 TB of secure storage', 'Everything in Standard', 'API access tokens', 'Phone and email support'],
    prices: [
      { amount: 299, interval: 'month', interval_count: 1 },
      { amount: 2299, interval: 'year', interval_count: 1 },
    ],
  },
  {
    name: 'Ultimate',
    description: 'For businesses with large archives.',
    available_space: 2 * TB,
    free: false,
    recommended: false,
    feature_list: [
      '2 TB of secure storage',
      'Everything in Premium',
      'Save 92% with yearly billing',
      'Dedicated account manager',
    ],
    prices: [
      { amount: 2500, interval: 'month', interval_count: 1 },
      { amount: 2400, interval: 'year', interval_count: 1 },
    ],
  },
];
