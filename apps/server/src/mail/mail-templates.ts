import { BRANDS, type TBrandCode, type TLanguage } from '@washboard/contracts';
import { translate } from '../i18n/translate';
import type { TMailAttachment } from '../db/schema/mail';

export type TMailKind =
  | 'verificationCode'
  | 'passwordReset'
  | 'accountApproved'
  | 'accountRejected'
  | 'pendingApproval'
  | 'approvalRequested'
  | 'emailTaken'
  | 'alarmReminder'
  | 'alarmEscalation';
/** What a mail's text may name besides the greeting's first name. */
export type TMailValues = {
  code?: string;
  link?: string;
  applicant?: string;
  company?: string;
  /** The machine's name and serial number (alarm mails). */
  machine?: string;
  /** The alarm's code and description (alarm mails). */
  alarm?: string;
};
export type TRenderedMail = {
  subject: string;
  text: string;
  html: string;
  /** extra headers (a notification's List-Unsubscribe and List-Unsubscribe-Post) */
  headers?: Record<string, string>;
  /** files sent with it (the weekly report's PDF) */
  attachments?: TMailAttachment[];
};

const ACCENT: Record<TBrandCode, string> = { LUMINA: '#0e8fa0', KESTREL: '#d9480f' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A body's blank lines become paragraphs and its single line breaks `<br>`, as in the plain text. */
function paragraphs(html: string): string {
  return html
    .split(/\n{2,}/)
    .join('</p><p>')
    .replace(/\n/g, '<br>');
}

/**
 * A translated mail body as HTML paragraphs: escaped, its code (a verification code) set large and
 * its link clickable in the brand's colour.
 */
export function bodyHtml(body: string, brand: TBrandCode, values: { code?: string; link?: string } = {}): string {
  let html = escapeHtml(body);
  if (values.code) {
    html = html.replace(
      escapeHtml(values.code),
      `<strong style="font-size:22px;letter-spacing:6px">${escapeHtml(values.code)}</strong>`,
    );
  }
  if (values.link) {
    const safe = escapeHtml(values.link);
    html = html.replace(safe, `<a href="${safe}" style="color:${ACCENT[brand]}">${safe}</a>`);
  }
  return `<p>${paragraphs(html)}</p>`;
}

/** A mail in the user's language with the brand's name and colour, as plain text and HTML. */
export function renderMail(
  kind: TMailKind,
  options: { brand: TBrandCode; lang: TLanguage; firstName: string } & TMailValues,
): TRenderedMail {
  const brand = BRANDS[options.brand];
  const params = {
    brand: brand.title,
    firstName: options.firstName,
    code: options.code ?? '',
    link: options.link ?? '',
    applicant: options.applicant ?? '',
    company: options.company ?? '',
    machine: options.machine ?? '',
    alarm: options.alarm ?? '',
  };
  const subject = translate(options.lang, `mail.${kind}.subject`, params);
  const greeting = translate(options.lang, 'mail.greeting', params);
  const body = translate(options.lang, `mail.${kind}.body`, params);
  const signature = translate(options.lang, 'mail.signature', params);
  const footer = translate(options.lang, 'layout.footer', { year: brand.copyrightYear, brand: brand.title });
  const text = `${greeting}\n\n${body}\n\n${signature}\n\n--\n${footer}\n`;

  const html = brandedHtml(
    options.brand,
    options.lang,
    `<p>${escapeHtml(greeting)}</p>${bodyHtml(body, options.brand, options)}<p>${escapeHtml(signature)}</p>`,
    escapeHtml(footer),
  );
  return { subject, text, html };
}

/** The brand's accent colour in mails (links, the header band). */
export function mailAccent(brand: TBrandCode): string {
  return ACCENT[brand];
}

/** A mail's HTML page in the brand's look: its title band, `content` (HTML) and `footer` (HTML). */
export function brandedHtml(brandCode: TBrandCode, lang: TLanguage, content: string, footer: string): string {
  const brand = BRANDS[brandCode];
  // Fluid up to 560 px (a phone's 390 px too); readers that honour prefers-color-scheme get dark colours.
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><style>
@media (prefers-color-scheme: dark) {
  .wb-page { background:#111418 !important; color:#e5e7eb !important; }
  .wb-card { background:#1c2128 !important; }
  .wb-footer { color:#9ca3af !important; border-top-color:#2d333b !important; }
}
</style></head><body class="wb-page" style="margin:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:16px 8px">
<table class="wb-card" role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${ACCENT[brandCode]};color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold">${escapeHtml(brand.title)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5;overflow-wrap:anywhere">
${content}
</td></tr>
<tr><td class="wb-footer" style="padding:12px 24px;font-size:12px;color:#6b7280;border-top:1px solid #e5e7eb;overflow-wrap:anywhere">${footer}</td></tr>
</table></td></tr></table></body></html>`;
}

/**
 * A notification mail (docs/notifications.md, "Every notification mail") from its body — `text`
 * lines and `html` paragraphs, the greeting included — with the signature, the footer saying why it
 * came with its one-click unsubscribe link, the brand's layout and the RFC 8058 headers.
 */
export function notificationMail(options: {
  brand: TBrandCode;
  lang: TLanguage;
  subject: string;
  text: readonly string[];
  html: readonly string[];
  unsubscribeUrl: string;
  /** the profile flag's label, e.g. "Weekly report" */
  preferenceLabel: string;
}): TRenderedMail {
  const { brand, lang, unsubscribeUrl } = options;
  const t = (key: string, params: Record<string, string> = {}) => translate(lang, key, { brand: BRANDS[brand].title, ...params });
  const signature = t('mail.signature');
  const footer = t('mail.alarm.footer', { preference: options.preferenceLabel, link: unsubscribeUrl });
  // In HTML the long signed link hides behind a word; the text part spells it out.
  const htmlFooter = `${escapeHtml(t('mail.alarm.footer', { preference: options.preferenceLabel, link: '' }))}<a href="${escapeHtml(
    unsubscribeUrl,
  )}" style="color:${ACCENT[brand]}">${escapeHtml(t('unsubscribe.button'))}</a>`;
  return {
    subject: options.subject,
    text: [...options.text, signature, '', '--', footer, ''].join('\n'),
    html: brandedHtml(brand, lang, [...options.html, `<p>${escapeHtml(signature)}</p>`].join('\n'), htmlFooter),
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
