import { useTranslation } from 'react-i18next';
import { formatDay } from '@washboard/contracts';
import { useLanguage } from '../../i18n/i18n';

/** How a period of whole days reads ("01/02/2026 – 07/02/2026"), in the interface language. */
export function usePeriodText(): (period: { startDate: string; stopDate: string }) => string {
  const { t } = useTranslation();
  const lang = useLanguage();
  return ({ startDate, stopDate }) =>
    t('inspection.periodValue', { from: formatDay(startDate, lang), to: formatDay(stopDate, lang) });
}
