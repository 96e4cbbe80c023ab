import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { foodCodeClassFor, foodCodeClassText, formatTemperature, hygieneRuleFor, type TUnitSystem } from '@washboard/contracts';
import { useLanguage } from '../../i18n/i18n';
import { useHeatDoseWriter } from '../hooks/use-heat-dose-writer';

/** The rules a machine of `type` is judged by: the hygiene rule (it binds), then its Food Code class's. */
export function HaccpRuleText({ type, unitSystem }: { type: string; unitSystem: TUnitSystem }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const writer = useHeatDoseWriter(unitSystem);
  const rule = hygieneRuleFor(type);
  return (
    <Text size="sm" c="dimmed">
      {t('haccp.rule', {
        machineType: t(`haccp.machineTypes.${type}`, { defaultValue: type }),
        wash: formatTemperature(rule.washMin, unitSystem, { lang }),
        rinse: formatTemperature(rule.rinseMin, unitSystem, { lang }),
      })}
      <br />
      {foodCodeClassText(foodCodeClassFor(type), writer)}
    </Text>
  );
}
