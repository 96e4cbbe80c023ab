import {
  alarmByCode,
  BRANDS,
  deviceCatalogues,
  type TAlarmSeverity,
  type TBrandCode,
  type TLanguage,
} from '@washboard/contracts';
import { translate } from '../i18n/translate';
import { escapeHtml, mailAccent, notificationMail, type TRenderedMail } from '../mail/mail-templates';

/** One alarm opening a mail tells of. */
export type TAlarmMailItem = {
  serialNumber: string;
  machineName: string;
  errorCode: string;
  /** openings of this code on this machine within the reopen window, this one included */
  openings: number;
  /** the machine's page in the dashboard */
  link: string;
};

type TDeviceTexts = {
  alarms: Record<string, string | undefined>;
  solutions: Record<string, string | undefined>;
  severities: Record<TAlarmSeverity, string>;
};

/** What the catalogue says of a code, in `lang`: description, severity and the ordered solutions. */
function describe(lang: TLanguage, errorCode: string) {
  const texts = deviceCatalogues[lang] as unknown as TDeviceTexts;
  const alarm = alarmByCode(errorCode);
  return {
    code: alarm?.code ?? errorCode,
    description: (alarm && texts.alarms[alarm.code]) ?? translate(lang, 'mail.alarm.unknownCode'),
    severity: alarm ? texts.severities[alarm.severity] : undefined,
    solutions: (alarm?.solutions ?? []).map((id) => texts.solutions[id] ?? id),
  };
}

/**
 * The mail telling a user of alarm openings, in their language and brand: one alarm in detail, or a
 * digest of several (each code's solutions once). Every such mail ends with its unsubscribe link.
 */
export function renderAlarmMail(options: {
  brand: TBrandCode;
  lang: TLanguage;
  firstName: string;
  items: readonly TAlarmMailItem[];
  unsubscribeUrl: string;
  preferenceLabel: string;
}): TRenderedMail {
  const { lang, items } = options;
  const brand = BRANDS[options.brand].title;
  const t = (key: string, params: Record<string, string | number> = {}) => translate(lang, key, { brand, ...params });
  const accent = mailAccent(options.brand);
  const link = (url: string) => `<a href="${escapeHtml(url)}" style="color:${accent}">${escapeHtml(url)}</a>`;
  const [first] = items;
  if (!first) throw new Error('an alarm mail needs at least one alarm');
  const single = items.length === 1;
  const firstInfo = describe(lang, first.errorCode);
  const subject = single
    ? t('mail.alarm.subject', { code: firstInfo.code, machine: first.machineName })
    : t('mail.alarmDigest.subject', { count: items.length });
  const intro = single
    ? t('mail.alarm.intro', { machine: first.machineName, serial: first.serialNumber })
    : t('mail.alarmDigest.intro', { count: items.length });

  const text: string[] = [t('mail.greeting', { firstName: options.firstName }), '', intro, ''];
  const html: string[] = [`<p>${escapeHtml(text[0] ?? '')}</p>`, `<p>${escapeHtml(intro)}</p>`];
  for (const item of items) {
    const info = describe(lang, item.errorCode);
    const lines = [
      single
        ? `${info.code} — ${info.description}`
        : `${item.machineName} (${item.serialNumber}): ${info.code} — ${info.description}`,
      ...(info.severity ? [t('mail.alarm.severity', { severity: info.severity })] : []),
      ...(item.openings > 1 ? [t('mail.alarm.openings', { count: item.openings })] : []),
    ];
    text.push(...lines, t('mail.alarm.open', { link: item.link }), '');
    const [head, ...rest] = lines.map(escapeHtml);
    html.push(
      `<p style="border-left:4px solid ${accent};padding-left:12px"><strong>${head ?? ''}</strong>${rest.map((l) => `<br>${l}`).join('')}<br>${escapeHtml(
        t('mail.alarm.open', { link: '' }),
      )}${link(item.link)}</p>`,
    );
  }
  // The catalogue's solutions, once per code, in the order to try them.
  const codes = [...new Set(items.map((i) => i.errorCode))];
  for (const code of codes) {
    const info = describe(lang, code);
    if (info.solutions.length === 0) continue;
    const title = single ? t('mail.alarm.solutions') : t('mail.alarm.solutionsFor', { code: info.code });
    text.push(title, ...info.solutions.map((s, i) => `${i + 1}. ${s}`), '');
    html.push(`<p>${escapeHtml(title)}</p><ol>${info.solutions.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ol>`);
  }
  return notificationMail({
    brand: options.brand,
    lang,
    subject,
    text,
    html,
    unsubscribeUrl: options.unsubscribeUrl,
    preferenceLabel: options.preferenceLabel,
  });
}
