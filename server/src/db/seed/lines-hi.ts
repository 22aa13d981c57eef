// Hindi (हिन्दी) translation of EN_LINES, keyed by the English text; `:placeholders` kept verbatim.
// Brand and technical names (Google, PDF, API, GST, reCAPTCHA) stay in Latin script, as Hindi UIs
// write them. Where the spec keeps an odd English wording (the register page's "Don't have an
// account? Sign in."), the Hindi says what it means. The dictionary is data, kept in
// lines-hi.json in the order of EN_SECTIONS.
import lines from './lines-hi.json' with { type: 'json' };

export const HI_LINES: Record<string, string> = lines;
