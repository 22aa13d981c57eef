// Every mail Kosh sends, with its default subject and bodies as they were written in code before
// staff could edit them (the wording is the spec's and the tests read it). The HTML body is the
// inside of the mail: mail-layout.ts puts it in the shared frame with the site name under it.

export type MailTemplateVariableDef = { name: string; description: string; sample: string; html?: true };

export type MailTemplateDef = {
  name: string;
  description: string;
  /** What {{name}} may stand for; site_name is in every list. An `html` one is sanitised markup, inserted as is. */
  variables: readonly MailTemplateVariableDef[];
  subject: string;
  html: string;
  text: string;
};

/** One paragraph of a mail, the spacing the frame expects; a line of its own, for the editor. */
const p = (inner: string) => `<p style="margin:0 0 16px">${inner}</p>\n`;
const lines = (...l: string[]) => l.join('\n');

const SITE = { name: 'site_name', description: 'The site name (branding settings).', sample: 'Kosh' } as const;
const MINUTES = { name: 'minutes', description: 'How many minutes it stays valid.', sample: '60' } as const;
const PERMISSION = {
  name: 'permission',
  description: 'What the recipient may do: "view", "view and download" or "view, download and edit".',
  sample: 'view and download',
} as const;
const ITEMS = {
  name: 'items',
  description: 'What was shared: "report.pdf", or "report.pdf" and 2 more items.',
  sample: '"Quarterly report.pdf"',
} as const;
const SHARER = { name: 'sharer', description: 'The name of who shared.', sample: 'Ada Lovelace' } as const;
const INVITER = { name: 'inviter', description: 'The name of who invited.', sample: 'Ada Lovelace' } as const;
const WORKSPACE = { name: 'workspace', description: 'The workspace name.', sample: 'Design team' } as const;
const IGNORE = 'If you did not expect this, you can ignore this email.';
const QUOTE_STYLE = 'margin:0;padding-left:12px;border-left:3px solid #dadce0;color:#5f6368';

export const MAIL_TEMPLATES = {
  verification_code: {
    name: 'Verification code',
    description: 'The six-digit code of the "Verify your email" screen, sent after registering.',
    variables: [{ name: 'code', description: 'The six-digit code.', sample: '482913' }, MINUTES, SITE],
    subject: '{{code}} is your {{site_name}} verification code',
    html:
      p('Your verification code is') +
      p('<strong style="font-size:28px;letter-spacing:4px">{{code}}</strong>') +
      p('Enter it on the "Verify your email" screen. It expires in {{minutes}} minutes.') +
      p('If you did not create an account, you can ignore this email.'),
    text: lines(
      'Your verification code is {{code}}',
      '',
      'Enter it on the "Verify your email" screen. It expires in {{minutes}} minutes.',
      'If you did not create an account, you can ignore this email.',
      '',
      '{{site_name}}\n',
    ),
  },
  password_reset: {
    name: 'Password reset',
    description: 'The link to choose a new password, sent from "Forgot your password?".',
    variables: [
      {
        name: 'link',
        description: 'The address of the reset page.',
        sample: 'https://kosh.example/password/reset/abc',
      },
      MINUTES,
      SITE,
    ],
    subject: 'Reset your {{site_name}} password',
    html:
      p('You asked to reset your password.') +
      p('<a href="{{link}}">Choose a new password</a>') +
      p(
        'The link expires in {{minutes}} minutes and works once. ' +
          'If you did not ask for it, you can ignore this email; your password stays as it is.',
      ),
    text: lines(
      'You asked to reset your password. Open this link to choose a new one:',
      '',
      '{{link}}',
      '',
      'The link expires in {{minutes}} minutes and works once.',
      'If you did not ask for it, you can ignore this email; your password stays as it is.',
      '',
      '{{site_name}}\n',
    ),
  },
  share_notification: {
    name: 'Shared with you',
    description: 'To someone with an account when files or folders are shared with them.',
    variables: [
      SHARER,
      ITEMS,
      PERMISSION,
      { name: 'link', description: 'Where to open what was shared.', sample: 'https://kosh.example/drive/shares' },
      SITE,
    ],
    subject: '{{sharer}} shared {{items}} with you',
    html:
      p('<strong>{{sharer}}</strong> shared <strong>{{items}}</strong> with you. You can {{permission}} it.') +
      p('<a href="{{link}}">Open</a>'),
    text: lines(
      '{{sharer}} shared {{items}} with you on {{site_name}}. You can {{permission}} it.',
      '',
      'Open it: {{link}}',
      '',
      '{{site_name}}\n',
    ),
  },
  share_invitation: {
    name: 'Share invitation',
    description: 'To an address without an account when something is shared with it: an invitation to register.',
    variables: [
      SHARER,
      ITEMS,
      PERMISSION,
      { name: 'link', description: 'The registration page.', sample: 'https://kosh.example/register?invite=abc' },
      SITE,
    ],
    subject: '{{sharer}} shared {{items}} with you on {{site_name}}',
    html:
      p(
        '<strong>{{sharer}}</strong> shared <strong>{{items}}</strong> with you. ' +
          'You can {{permission}} it once you create an account with this address.',
      ) +
      p('<a href="{{link}}">Create an account</a>') +
      p(IGNORE),
    text: lines(
      '{{sharer}} shared {{items}} with you on {{site_name}}. ' +
        'You can {{permission}} it once you create an account with this address:',
      '',
      '{{link}}',
      '',
      IGNORE,
      '',
      '{{site_name}}\n',
    ),
  },
  workspace_invitation: {
    name: 'Workspace invitation',
    description: 'To someone with an account invited into a workspace: where to join or decline.',
    variables: [
      INVITER,
      WORKSPACE,
      { name: 'link', description: 'The notifications page.', sample: 'https://kosh.example/notifications' },
      SITE,
    ],
    subject: '{{inviter}} invited you to join {{workspace}} on {{site_name}}',
    html:
      p('<strong>{{inviter}}</strong> invited you to join the <strong>{{workspace}}</strong> workspace.') +
      p('<a href="{{link}}">Join workspace</a>'),
    text: lines(
      '{{inviter}} invited you to join the {{workspace}} workspace on {{site_name}}.',
      '',
      'Join or decline: {{link}}',
      '',
      '{{site_name}}\n',
    ),
  },
  workspace_invitation_register: {
    name: 'Workspace invitation to register',
    description: 'To an address without an account invited into a workspace: register with it to join.',
    variables: [
      INVITER,
      WORKSPACE,
      { name: 'link', description: 'The registration page.', sample: 'https://kosh.example/register?invite=abc' },
      SITE,
    ],
    subject: '{{inviter}} invited you to join {{workspace}} on {{site_name}}',
    html:
      p(
        '<strong>{{inviter}}</strong> invited you to join the <strong>{{workspace}}</strong> workspace. ' +
          'Create an account with this address to join.',
      ) +
      p('<a href="{{link}}">Create an account</a>') +
      p(IGNORE),
    text: lines(
      '{{inviter}} invited you to join the {{workspace}} workspace on {{site_name}}. ' +
        'Create an account with this address to join:',
      '',
      '{{link}}',
      '',
      IGNORE,
      '',
      '{{site_name}}\n',
    ),
  },
  notification: {
    name: 'Notification',
    description: 'A notification sent by email (when the recipient keeps email on for its type).',
    variables: [
      { name: 'title', description: 'The first line of the notification, as text.', sample: 'Your upload finished' },
      {
        name: 'message_html',
        description: 'The notification lines as paragraphs (sanitised HTML).',
        sample: p('Your upload finished') + p('<strong>holiday.mp4</strong> is in your drive.'),
        html: true,
      },
      {
        name: 'message_text',
        description: 'The notification lines as text.',
        sample: 'Your upload finished\nholiday.mp4 is in your drive.',
      },
      {
        name: 'link',
        description: 'Where the notification leads; empty when there is no web address.',
        sample: 'https://kosh.example/drive',
      },
      { name: 'link_label', description: 'The label of the link, such as Open.', sample: 'Open' },
      SITE,
    ],
    subject: '{{title}}',
    html: `{{message_html}}{{#link}}${p('<a href="{{link}}">{{link_label}}</a>')}{{/link}}`,
    text: '{{message_text}}\n\n{{#link}}{{link_label}}: {{link}}\n\n{{/link}}{{site_name}}\n',
  },
  enquiry_forward: {
    name: 'Enquiry to the contact address',
    description: 'A contact or reseller enquiry, forwarded to the contact address; replying answers the sender.',
    variables: [
      { name: 'kind', description: 'Contact or Reseller.', sample: 'Contact' },
      { name: 'kind_lower', description: 'contact or reseller.', sample: 'contact' },
      { name: 'name', description: 'The sender name.', sample: 'Ravi Kumar' },
      { name: 'email', description: 'The sender address.', sample: 'ravi@example.com' },
      { name: 'mobile_number', description: 'The sender mobile number.', sample: '+44 20 7946 0958' },
      { name: 'message', description: 'The message (line breaks kept).', sample: 'Hello,\nDo you offer 10 TB plans?' },
      SITE,
    ],
    subject: '{{kind}} enquiry from {{name}}',
    html:
      p('New {{kind_lower}} enquiry on {{site_name}}:') +
      p(
        '<strong>Name:</strong> {{name}}<br><strong>Email:</strong> {{email}}<br>' +
          '<strong>Mobile number:</strong> {{mobile_number}}',
      ) +
      p('<strong>Message:</strong><br>{{message}}') +
      p('Reply to this email to answer the sender.'),
    text: lines(
      'New {{kind_lower}} enquiry on {{site_name}}:',
      '',
      'Name: {{name}}',
      'Email: {{email}}',
      'Mobile number: {{mobile_number}}',
      '',
      'Message:',
      '{{message}}',
      '',
      'Reply to this email to answer the sender.',
      '',
      '{{site_name}}\n',
    ),
  },
  enquiry_reply: {
    name: 'Enquiry reply',
    description: "Staff's answer to an enquiry, from the admin area's enquiries, with the sender's message quoted.",
    variables: [
      { name: 'subject', description: 'The subject staff wrote.', sample: 'Re: 10 TB plans' },
      { name: 'reply', description: 'The answer staff wrote (line breaks kept).', sample: 'Hello Ravi,\nWe do.' },
      { name: 'asked_on', description: 'The day of the enquiry (YYYY-MM-DD).', sample: '2026-01-31' },
      { name: 'original_message', description: 'The enquiry message.', sample: 'Do you offer 10 TB plans?' },
      {
        name: 'quoted_message',
        description: 'The enquiry message with "> " before each line (for the plain-text body).',
        sample: '> Do you offer 10 TB plans?',
      },
      SITE,
    ],
    subject: '{{subject}}',
    html:
      p('{{reply}}') +
      p(
        '<span style="color:#5f6368">On {{asked_on}} you wrote:</span><br>' +
          `<blockquote style="${QUOTE_STYLE}">{{original_message}}</blockquote>`,
      ),
    text: '{{reply}}\n\nOn {{asked_on}} you wrote:\n{{quoted_message}}\n\n{{site_name}}\n',
  },
  settings_test: {
    name: 'Test mail',
    description: 'Sent to the admin checking the outgoing email settings.',
    variables: [SITE],
    subject: 'Test mail from Kosh',
    html: p('Kosh sent this message to check its outgoing email settings. They work: mail will go out this way.'),
    text: 'Kosh sent this message to check its outgoing email settings. They work: mail will go out this way.',
  },
} as const satisfies Record<string, MailTemplateDef>;

export type MailTemplateId = keyof typeof MAIL_TEMPLATES;
export const MAIL_TEMPLATE_IDS = Object.keys(MAIL_TEMPLATES) as MailTemplateId[];

/** The values a template's variables take when it is sent: one per variable, text (or a number). */
export type MailTemplateVars<I extends MailTemplateId> = Record<
  (typeof MAIL_TEMPLATES)[I]['variables'][number]['name'],
  string | number
>;

export const isMailTemplateId = (id: string): id is MailTemplateId => Object.hasOwn(MAIL_TEMPLATES, id);
