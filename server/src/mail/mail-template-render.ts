import Mustache from 'mustache';
import { escapeHtml } from './templates.ts';
import type { MailTemplateDef } from './mail-template-registry.ts';

// {{name}} substitution by mustache, kept logic-less on purpose: staff edit these, and a template
// can only insert the variables its mail lists, and show a part when one is (not) empty. Escaping
// is done here, on the values, per body: mustache itself is told to leave them as they are.

export type MailTemplateSource = { subject: string; html: string; text: string };
export type RenderedMail = { subject: string; html: string; text: string };
type Vars = Record<string, string | number>;
type Field = keyof MailTemplateSource;

/** {{x}}, {{#x}}...{{/x}}, {{^x}}...{{/x}} and comments; triple braces, {{&x}}, partials and delimiters are not. */
const ALLOWED_TOKENS = new Set(['text', 'name', '#', '^', '!']);
const REFUSED_TAG: Record<string, string> = {
  '&': 'Unescaped variables ({{{name}}} or {{&name}}) are not allowed: every variable is escaped.',
  '>': 'Partials ({{>name}}) are not allowed.',
  '=': 'Changing the delimiters ({{=...=}}) is not allowed.',
};

type Token = [string, string, number, number, Token[]?];

function visit(tokens: Token[], seen: (type: string, name: string) => void) {
  for (const token of tokens) {
    seen(token[0], token[1]);
    if ((token[0] === '#' || token[0] === '^') && Array.isArray(token[4])) visit(token[4], seen);
  }
}

/**
 * What is wrong with one field of a template, in words for the editor: a tag that does not close,
 * a variable the mail does not have (all named at once), a construct a logic-less template refuses.
 */
export function fieldProblems(def: Pick<MailTemplateDef, 'variables'>, source: string): string[] {
  let tokens: Token[];
  try {
    tokens = Mustache.parse(source) as Token[];
  } catch (error) {
    return [`The template does not parse: ${error instanceof Error ? error.message : String(error)}.`];
  }
  const known = new Set(def.variables.map((v) => v.name));
  const unknown = new Set<string>();
  const refused = new Set<string>();
  visit(tokens, (type, name) => {
    if (!ALLOWED_TOKENS.has(type)) refused.add(REFUSED_TAG[type] ?? `The tag {{${type}${name}}} is not allowed.`);
    else if (type !== 'text' && type !== '!' && !known.has(name)) unknown.add(name);
  });
  const problems = [...refused];
  if (unknown.size > 0) {
    const names = [...unknown].map((n) => `{{${n}}}`).join(', ');
    problems.push(`Unknown variable${unknown.size > 1 ? 's' : ''} ${names}: this mail has only those listed.`);
  }
  return problems;
}

/** Each field's problems, only the fields that have some (the 422's errors map). */
export function templateProblems(
  def: Pick<MailTemplateDef, 'variables'>,
  source: MailTemplateSource,
): Partial<Record<Field, string[]>> {
  const errors: Partial<Record<Field, string[]>> = {};
  for (const field of ['subject', 'html', 'text'] as const) {
    const problems = fieldProblems(def, source[field]);
    if (problems.length > 0) errors[field] = problems;
  }
  return errors;
}

/** A value as HTML text: escaped, its line breaks kept as <br>. */
const htmlText = (value: string) => escapeHtml(value).replace(/\r?\n/g, '<br>');

const render = (template: string, view: Record<string, string>) =>
  Mustache.render(template, view, {}, { escape: (s: string) => s });

/**
 * The mail of a template: every variable escaped for where it lands (HTML-escaped in the HTML body,
 * except the sanitised markup of an `html` variable; as is in the text; the subject on one line),
 * the HTML body without the shared frame (mailFrame), which the sender adds.
 */
export function renderTemplate(def: Pick<MailTemplateDef, 'variables'>, source: MailTemplateSource, vars: Vars) {
  const markup = new Set(def.variables.filter((v) => v.html).map((v) => v.name));
  const plain: Record<string, string> = {};
  const inHtml: Record<string, string> = {};
  for (const [name, value] of Object.entries(vars)) {
    plain[name] = String(value);
    inHtml[name] = markup.has(name) ? String(value) : htmlText(String(value));
  }
  return {
    subject: render(source.subject, plain).replace(/\s+/g, ' ').trim(),
    body: render(source.html, inHtml),
    text: render(source.text, plain),
  };
}

/** Every variable's sample, for the editor's preview. */
export const sampleVars = (def: Pick<MailTemplateDef, 'variables'>): Vars =>
  Object.fromEntries(def.variables.map((v) => [v.name, v.sample]));

export type { Vars as MailTemplateValues };
