import { EN_LINES } from './lines-en.ts';
import { HI_LINES } from './lines-hi.ts';

/** The languages a new install ships with; English is the default (part 1, 9). */
export const DEFAULT_LOCALIZATIONS: Array<{ language: string; name: string; lines: Record<string, string> }> = [
  { language: 'en', name: 'English', lines: EN_LINES },
  { language: 'hi', name: 'हिन्दी', lines: HI_LINES },
];
