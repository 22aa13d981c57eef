import { describe, expect, it } from 'vitest';
import { MAIL_TEMPLATE_IDS, MAIL_TEMPLATES } from './mail-template-registry.ts';
import { fieldProblems, renderTemplate, sampleVars, templateProblems } from './mail-template-render.ts';
import { sanitizeMailHtml } from './mail-html-sanitize.ts';
import { defaultMailTemplates } from './default-mail-templates.ts';

const def = {
  variables: [
    { name: 'name', description: '', sample: 'Ada' },
    { name: 'link', description: '', sample: 'https://x.test/a?b=1&c=2' },
    { name: 'body', description: '', sample: '<p>ok</p>', html: true as const },
  ],
};

describe('mail template rendering', () => {
  describe('fieldProblems', () => {
    it('accepts listed variables, sections, inverted sections and comments', () => {
      expect(
        fieldProblems(def, 'Hi {{name}} {{#link}}<a href="{{link}}">go</a>{{/link}}{{^link}}-{{/link}}{{! c }}'),
      ).toEqual([]);
    });

    it('names every unknown variable once, in sections too', () => {
      const [problem] = fieldProblems(def, '{{nope}} {{#other}}{{nope}}{{/other}} {{a.b}}');
      expect(problem).toBe('Unknown variables {{nope}}, {{other}}, {{a.b}}: this mail has only those listed.');
    });

    it('refuses unescaped output, partials and delimiter changes', () => {
      expect(fieldProblems(def, '{{{name}}}')[0]).toMatch(/Unescaped/);
      expect(fieldProblems(def, '{{&name}}')[0]).toMatch(/Unescaped/);
      expect(fieldProblems(def, '{{>name}}')[0]).toMatch(/Partials/);
      expect(fieldProblems(def, '{{=<% %>=}}<%name%>')[0]).toMatch(/delimiters/);
    });

    it('explains a template that does not parse', () => {
      expect(fieldProblems(def, '{{#name}}open')[0]).toMatch(/^The template does not parse: Unclosed section "name"/);
      expect(templateProblems(def, { subject: 'ok {{name}}', html: '{{x}}', text: '' })).toEqual({
        html: ['Unknown variable {{x}}: this mail has only those listed.'],
      });
    });
  });

  describe('renderTemplate', () => {
    it('HTML-escapes values in the HTML body, keeps their line breaks, and leaves text values as they are', () => {
      const out = renderTemplate(
        def,
        { subject: '{{name}}', html: '<b>{{name}}</b><a href="{{link}}">x</a>', text: '{{name}} {{link}}' },
        { name: '<img src=x onerror="alert(1)">\nline', link: 'https://x.test/?a=1&b="2"' },
      );
      expect(out.body).toBe(
        '<b>&#60;img src=x onerror=&#34;alert(1)&#34;&#62;<br>line</b>' +
          '<a href="https://x.test/?a=1&#38;b=&#34;2&#34;">x</a>',
      );
      expect(out.text).toBe('<img src=x onerror="alert(1)">\nline https://x.test/?a=1&b="2"');
    });

    it('puts the subject on one line', () => {
      const out = renderTemplate(def, { subject: ' Hi\r\n{{name}}\tthere ', html: '', text: '' }, { name: 'A\nB' });
      expect(out.subject).toBe('Hi A B there');
    });

    it('inserts an html variable as markup in the HTML body only', () => {
      const out = renderTemplate(def, { subject: '', html: '{{body}}', text: '{{body}}' }, { body: '<p>ok</p>' });
      expect(out.body).toBe('<p>ok</p>');
    });

    it('shows a section only when its variable is not empty', () => {
      const source = {
        subject: '',
        html: '{{#link}}<a href="{{link}}">{{name}}</a>{{/link}}{{^link}}none{{/link}}',
        text: '',
      };
      expect(renderTemplate(def, source, { link: 'https://x.test', name: 'Go' }).body).toBe(
        '<a href="https://x.test">Go</a>',
      );
      expect(renderTemplate(def, source, { link: '', name: 'Go' }).body).toBe('none');
    });
  });

  describe('the registry', () => {
    it('lists site_name in every template, and every default uses only its variables', () => {
      for (const id of MAIL_TEMPLATE_IDS) {
        const t = MAIL_TEMPLATES[id];
        expect(t.variables.map((v) => v.name)).toContain('site_name');
        expect(templateProblems(t, t), id).toEqual({});
      }
    });

    it('renders each default with its samples without leaving a tag behind', async () => {
      const templates = defaultMailTemplates();
      for (const id of MAIL_TEMPLATE_IDS) {
        const out = await templates.render(id, sampleVars(MAIL_TEMPLATES[id]) as never);
        expect(`${out.subject}${out.html}${out.text}`, id).not.toContain('{{');
        expect(out.html, id).toMatch(/^<!doctype html><html><body style="[^"]+">.*<\/body><\/html>$/s);
      }
    });

    it('keeps the password reset mail as it was written', async () => {
      const out = await defaultMailTemplates().render('password_reset', {
        link: 'https://k.test/password/reset/t?email=a%40b',
        minutes: 60,
        site_name: 'Kosh',
      });
      expect(out.subject).toBe('Reset your Kosh password');
      expect(out.text).toBe(
        [
          'You asked to reset your password. Open this link to choose a new one:',
          '',
          'https://k.test/password/reset/t?email=a%40b',
          '',
          'The link expires in 60 minutes and works once.',
          'If you did not ask for it, you can ignore this email; your password stays as it is.',
          '',
          'Kosh\n',
        ].join('\n'),
      );
      expect(out.html).toContain('<a href="https://k.test/password/reset/t?email=a%40b">Choose a new password</a>');
    });
  });

  describe('sanitizeMailHtml', () => {
    it('keeps inline styles of safe properties and drops the rest', async () => {
      expect(await sanitizeMailHtml('<p style="margin:0 0 16px;color:#333;position:fixed">a</p>')).toBe(
        '<p style="margin:0 0 16px;color:#333">a</p>',
      );
      expect(await sanitizeMailHtml('<p style="background-image:url(https://e.test/x.png)">a</p>')).toBe('<p>a</p>');
    });

    it('keeps {{variables}} in text and in links', async () => {
      expect(await sanitizeMailHtml('<a href="{{link}}">{{name}}</a>')).toBe('<a href="{{link}}">{{name}}</a>');
    });

    it('drops scripts, handlers and javascript: links', async () => {
      const out = await sanitizeMailHtml(
        '<script>x()</script><a href="javascript:x()" onclick="y()">a</a>' +
          '<img src="https://e.test/i.png" onerror="z()">',
      );
      expect(out).toBe('<a>a</a><img src="https://e.test/i.png" />');
    });
  });
});
