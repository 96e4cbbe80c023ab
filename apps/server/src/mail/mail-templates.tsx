import type { ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { plainTextSelectors } from '@react-email/render';
import { compile } from 'html-to-text';
import { BRANDS, type TBrandCode, type TLanguage } from '@washboard/contracts';
import { translate } from '../i18n/translate';
import type { TMailAttachment } from '../db/schema/mail';
import { MailLayout } from './components/MailLayout';
import { MailLink, MailText, TranslatedBody } from './components/MailParts';
import { quoted } from './quoted';

export type TMailKind =
  | 'verificationCode'
  | 'passwordReset'
  | 'servicePinReset'
  | 'accountApproved'
  | 'accountRejected'
  | 'pendingApproval'
  | 'approvalRequested'
  | 'emailTaken'
  | 'alarmReminder'
  | 'alarmEscalation';
/** The longest first name a greeting shows (names are far shorter; the field allows 100). */
const GREETING_NAME_MAX = 40;

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
/** A notification mail's one-click unsubscribe: the signed link and the profile flag it turns off. */
export type TUnsubscribe = {
  url: string;
  /** the profile flag's label, e.g. "Weekly report" */
  preferenceLabel: string;
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

/** `translate` in `lang` with the brand's name as `{{brand}}`, as each notification mail speaks. */
export function brandTranslator(brandCode: TBrandCode, lang: TLanguage) {
  const brand = BRANDS[brandCode].title;
  return (key: string, params: Record<string, string | number> = {}) => translate(lang, key, { brand, ...params });
}

/**
 * The intro of a mail telling of machines' alarms or notices: the machine of a single one (`single`
 * names it and its serial number), or how many a digest tells of (`digest`).
 */
export function itemsIntro(
  brand: TBrandCode,
  lang: TLanguage,
  items: readonly { machineName: string; serialNumber: string }[],
  keys: { single: string; digest: string },
): string {
  const t = brandTranslator(brand, lang);
  const [first] = items;
  return first && items.length === 1
    ? t(keys.single, { machine: first.machineName, serial: first.serialNumber })
    : t(keys.digest, { count: items.length });
}

/**
 * How the plain text is read off the HTML: no wrapping, a link that shows its address is that
 * address once, the rule before the footer is the `--` signature delimiter, `data-text="href"` links
 * are their address (the footer's unsubscribe link, a word in HTML), `data-text="label"` links their
 * words (a machine's name, whose address a line of its own gives).
 */
const toPlainText = compile({
  wordwrap: false,
  formatters: {
    signatureDelimiter: (_elem, _walk, builder) => {
      builder.openBlock({ leadingLineBreaks: 2 });
      builder.addLiteral('--');
      builder.closeBlock({ trailingLineBreaks: 1 });
    },
    href: (elem, _walk, builder) => {
      builder.addInline(String(elem.attribs?.href ?? ''));
    },
  },
  // react-email's own (images and its inbox preview left out, links without brackets), then ours.
  selectors: [
    ...plainTextSelectors,
    { selector: 'hr', format: 'signatureDelimiter' },
    { selector: 'table.wb-footer', format: 'block', options: { leadingLineBreaks: 1 } },
    { selector: 'a[data-text=href]', format: 'href' },
    { selector: 'a[data-text=label]', format: 'anchor', options: { ignoreHref: true } },
    { selector: 'ul', options: { itemPrefix: ' - ', leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    // A MailBlock is a paragraph; a div inside it a line.
    { selector: 'td > div', format: 'block', options: { leadingLineBreaks: 2, trailingLineBreaks: 2 } },
  ],
});

/**
 * A mail component as sent: its HTML document, and its plain text read off that same HTML — one
 * source, so the two parts cannot tell different things.
 */
export function renderMailDocument(element: ReactElement): { html: string; text: string } {
  // renderToStaticMarkup is synchronous (react-email's `render` is a promise): the render functions
  // stay synchronous for their callers. The components suspend on nothing.
  const markup = renderToStaticMarkup(element);
  return { html: `<!DOCTYPE html>${markup}`, text: `${toPlainText(markup).trim()}\n` };
}

/** The footer of a notification mail: why it came, and the one-click unsubscribe (a word in HTML, the address in text). */
function UnsubscribeFooter(props: { brand: TBrandCode; lang: TLanguage; unsubscribe: TUnsubscribe }) {
  const t = brandTranslator(props.brand, props.lang);
  return (
    <>
      {t('mail.alarm.footer', { preference: props.unsubscribe.preferenceLabel, link: '' })}
      <MailLink brand={props.brand} href={props.unsubscribe.url} data-text="href">
        {t('unsubscribe.button')}
      </MailLink>
    </>
  );
}

/** The RFC 8058 headers that let a mail client's "unsubscribe" button turn the preference off in one request. */
function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/**
 * A notification mail (docs/notifications.md, "Every notification mail") from its body — the
 * greeting included — with the signature, the footer saying why it came with its one-click
 * unsubscribe link, the brand's layout and the RFC 8058 headers.
 */
export function notificationMail(options: {
  brand: TBrandCode;
  lang: TLanguage;
  subject: string;
  /** the inbox's line after the subject */
  preview?: string;
  unsubscribe: TUnsubscribe;
  children: ReactNode;
}): TRenderedMail {
  const { brand, lang, unsubscribe } = options;
  const t = brandTranslator(brand, lang);
  const { html, text } = renderMailDocument(
    <MailLayout
      brand={brand}
      lang={lang}
      preview={options.preview}
      footer={<UnsubscribeFooter brand={brand} lang={lang} unsubscribe={unsubscribe} />}
    >
      {options.children}
      <MailText>{t('mail.signature')}</MailText>
    </MailLayout>,
  );
  return { subject: options.subject, text, html, headers: unsubscribeHeaders(unsubscribe.url) };
}

/** The greeting, the kind's translated body (its code large, its link clickable) and the signature. */
export function BodyMail(
  props: { kind: TMailKind; brand: TBrandCode; lang: TLanguage; params: Record<string, string> } & TMailValues,
) {
  const t = brandTranslator(props.brand, props.lang);
  return (
    <>
      <MailText>{t('mail.greeting', props.params)}</MailText>
      <TranslatedBody body={t(`mail.${props.kind}.body`, props.params)} brand={props.brand} code={props.code} link={props.link} />
    </>
  );
}

/**
 * A mail in the user's language with the brand's name and colour, as plain text and HTML. With
 * `unsubscribe` (the alarm follow-ups) it is a notification mail: its footer and headers unsubscribe.
 */
export function renderMail(
  kind: TMailKind,
  options: { brand: TBrandCode; lang: TLanguage; firstName: string; unsubscribe?: TUnsubscribe } & TMailValues,
): TRenderedMail {
  const { brand, lang } = options;
  const t = brandTranslator(brand, lang);
  const params = {
    // Account mails greet with the name the registration typed, which a stranger may have typed
    // for someone else's address: one short line, as other strangers' text is quoted.
    firstName: quoted(options.firstName, GREETING_NAME_MAX),
    code: options.code ?? '',
    link: options.link ?? '',
    applicant: options.applicant ?? '',
    company: options.company ?? '',
    machine: options.machine ?? '',
    alarm: options.alarm ?? '',
  };
  const subject = t(`mail.${kind}.subject`, params);
  const body = <BodyMail kind={kind} brand={brand} lang={lang} params={params} code={options.code} link={options.link} />;
  if (options.unsubscribe) return notificationMail({ brand, lang, subject, unsubscribe: options.unsubscribe, children: body });
  const footer = t('layout.footer', { year: BRANDS[brand].copyrightYear });
  const { html, text } = renderMailDocument(
    <MailLayout brand={brand} lang={lang} footer={footer}>
      {body}
      <MailText>{t('mail.signature')}</MailText>
    </MailLayout>,
  );
  return { subject, text, html };
}
