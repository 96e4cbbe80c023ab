import { BRANDS, type TBrandCode, type TLanguage } from '@washboard/contracts';
import { translate } from '../i18n/translate';

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
export type TRenderedMail = { subject: string; text: string; html: string };

const ACCENT: Record<TBrandCode, string> = { LUMINA: '#0e8fa0', KESTREL: '#d9480f' };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A body's blank lines become paragraphs and its single line breaks `<br>`, as in the plain text. */
function paragraphs(html: string): string {
  return html
    .split(/\n{2,}/)
    .join('</p><p>')
    .replace(/\n/g, '<br>');
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

  let htmlBody = escapeHtml(body);
  if (options.code) {
    htmlBody = htmlBody.replace(
      escapeHtml(options.code),
      `<strong style="font-size:22px;letter-spacing:6px">${escapeHtml(options.code)}</strong>`,
    );
  }
  if (options.link) {
    const safe = escapeHtml(options.link);
    htmlBody = htmlBody.replace(safe, `<a href="${safe}" style="color:${ACCENT[options.brand]}">${safe}</a>`);
  }
  const html = `<!doctype html><html lang="${options.lang}"><body style="margin:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${ACCENT[options.brand]};color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold">${escapeHtml(brand.title)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">
<p>${escapeHtml(greeting)}</p><p>${paragraphs(htmlBody)}</p><p>${escapeHtml(signature)}</p>
</td></tr>
<tr><td style="padding:12px 24px;font-size:12px;color:#6b7280;border-top:1px solid #e5e7eb">${escapeHtml(footer)}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject, text, html };
}
