import { Fragment } from 'react';
import { alarmByCode, deviceCatalogues, type TAlarmSeverity, type TBrandCode, type TLanguage } from '@washboard/contracts';
import { translate } from '../i18n/translate';
import { brandTranslator, itemsIntro, notificationMail, type TRenderedMail } from '../mail/mail-templates';
import { MailItem, MailText } from '../mail/components/MailParts';

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

type TAlarmMailProps = { brand: TBrandCode; lang: TLanguage; firstName: string; items: readonly TAlarmMailItem[] };

/** The intro of an alarm mail: the machine of one alarm, or how many a digest tells of. */
function alarmIntro({ brand, lang, items }: TAlarmMailProps): string {
  return itemsIntro(brand, lang, items, { single: 'mail.alarm.intro', digest: 'mail.alarmDigest.intro' });
}

/** An alarm mail's body: the greeting, each alarm (in detail, or a digest's lines), then each code's solutions once. */
export function AlarmMail(props: TAlarmMailProps) {
  const { brand, lang, items } = props;
  const t = brandTranslator(brand, lang);
  const single = items.length === 1;
  const openLabel = t('mail.alarm.open', { link: '' });
  // The catalogue's solutions, once per code, in the order to try them.
  const codes = [...new Set(items.map((i) => i.errorCode))].map((code) => describe(lang, code));
  return (
    <>
      <MailText>{t('mail.greeting', { firstName: props.firstName })}</MailText>
      <MailText>{alarmIntro(props)}</MailText>
      {items.map((item, i) => {
        const info = describe(lang, item.errorCode);
        const head = single
          ? `${info.code} — ${info.description}`
          : `${item.machineName} (${item.serialNumber}): ${info.code} — ${info.description}`;
        const lines = [
          ...(info.severity ? [t('mail.alarm.severity', { severity: info.severity })] : []),
          ...(item.openings > 1 ? [t('mail.alarm.openings', { count: item.openings })] : []),
        ];
        return <MailItem key={i} brand={brand} head={head} lines={lines} openLabel={openLabel} link={item.link} />;
      })}
      {codes
        .filter((info) => info.solutions.length > 0)
        .map((info) => (
          <Fragment key={info.code}>
            <MailText style={{ marginBottom: 4 }}>
              {single ? t('mail.alarm.solutions') : t('mail.alarm.solutionsFor', { code: info.code })}
            </MailText>
            <ol style={{ margin: '0 0 16px', paddingLeft: 24, fontSize: 15, lineHeight: 1.5 }}>
              {info.solutions.map((s, i) => (
                <li key={i}>{s}</li>
              ))}
            </ol>
          </Fragment>
        ))}
    </>
  );
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
  const { brand, lang, items } = options;
  const t = brandTranslator(brand, lang);
  const [first] = items;
  if (!first) throw new Error('an alarm mail needs at least one alarm');
  const subject =
    items.length === 1
      ? t('mail.alarm.subject', { code: describe(lang, first.errorCode).code, machine: first.machineName })
      : t('mail.alarmDigest.subject', { count: items.length });
  return notificationMail({
    brand,
    lang,
    subject,
    preview: alarmIntro(options),
    unsubscribe: { url: options.unsubscribeUrl, preferenceLabel: options.preferenceLabel },
    children: <AlarmMail brand={brand} lang={lang} firstName={options.firstName} items={items} />,
  });
}
