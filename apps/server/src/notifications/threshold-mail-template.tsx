import { thresholdText, type TBrandCode, type TLanguage } from '@washboard/contracts';
import { translate } from '../i18n/translate';
import { brandTranslator, itemsIntro, notificationMail, type TRenderedMail } from '../mail/mail-templates';
import { MailItem, MailText } from '../mail/components/MailParts';
import type { TPendingNotice } from './threshold.repository';

/** One notice a threshold mail tells of, with the machine's page. */
export type TThresholdMailItem = TPendingNotice & { link: string };

type TThresholdMailProps = { brand: TBrandCode; lang: TLanguage; firstName: string; items: readonly TThresholdMailItem[] };

/** What a notice says, in `lang` (as the notification centre says it). */
function says(brand: TBrandCode, lang: TLanguage, item: TPendingNotice): string {
  const { key, params } = thresholdText(item.condition, item.values, lang);
  return brandTranslator(brand, lang)(key, params);
}

/** The intro of a threshold mail: the machine of one notice, or how many a digest tells of. */
function thresholdIntro({ brand, lang, items }: TThresholdMailProps): string {
  return itemsIntro(brand, lang, items, { single: 'mail.threshold.intro', digest: 'mail.threshold.digestIntro' });
}

/** A threshold mail's body: the greeting, the intro and each notice with its machine's link. */
export function ThresholdMail(props: TThresholdMailProps) {
  const { brand, lang } = props;
  const t = brandTranslator(brand, lang);
  const openLabel = t('mail.alarm.open', { link: '' });
  return (
    <>
      <MailText>{t('mail.greeting', { firstName: props.firstName })}</MailText>
      <MailText>{thresholdIntro(props)}</MailText>
      {props.items.map((item, i) => (
        <MailItem
          key={i}
          brand={brand}
          head={`${item.machineName} (${item.serialNumber})`}
          lines={[says(brand, lang, item)]}
          openLabel={openLabel}
          link={item.link}
        />
      ))}
    </>
  );
}

/**
 * The mail telling a user of threshold notices (docs/notifications.md, "Threshold notifications"),
 * in their language and brand: one notice, or all of a digest window's, each with its machine's
 * link; it ends with the one-click unsubscribe of threshold notifications.
 */
export function renderThresholdMail(options: {
  brand: TBrandCode;
  lang: TLanguage;
  firstName: string;
  items: readonly TThresholdMailItem[];
  unsubscribeUrl: string;
}): TRenderedMail {
  const { brand, lang, items } = options;
  const t = brandTranslator(brand, lang);
  const [first] = items;
  if (!first) throw new Error('a threshold mail needs at least one notice');
  const subject =
    items.length === 1
      ? t('mail.threshold.subject', { machine: first.machineName, condition: says(brand, lang, first) })
      : t('mail.threshold.digestSubject', { count: items.length });
  return notificationMail({
    brand,
    lang,
    subject,
    preview: thresholdIntro(options),
    unsubscribe: { url: options.unsubscribeUrl, preferenceLabel: translate(lang, 'profile.thresholdNotifications') },
    children: <ThresholdMail brand={brand} lang={lang} firstName={options.firstName} items={items} />,
  });
}
