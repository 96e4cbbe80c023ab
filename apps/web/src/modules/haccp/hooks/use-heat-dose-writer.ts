import { useTranslation } from 'react-i18next';
import { formatTemperature, type THeatDoseWriter, type TUnitSystem } from '@washboard/contracts';
import { useLanguage } from '../../i18n/i18n';

/**
 * How the HACCP screen writes heat doses and Food Code rules (contracts `heat-dose.ts`): the
 * interface language, temperatures in the machine's unit system.
 */
export function useHeatDoseWriter(unitSystem: TUnitSystem): THeatDoseWriter {
  const { t } = useTranslation();
  const lang = useLanguage();
  const number = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });
  return {
    // The keys are checked by THeatDoseTextKey; i18next's typed interpolation cannot follow a
    // union of keys with different placeholders, hence the loose options.
    t: (key, params) => String(t(key, params as never)),
    temperature: (raw) => formatTemperature(raw, unitSystem, { lang }),
    number: (n) => number.format(n),
  };
}
