import { NativeSelect, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  displayUnits,
  parameterDisplayUnit,
  parameterFractionDigits,
  parameterUnitSymbol,
  parameterValueText,
  type TGamma,
  type TParameter,
  type TParameterUnit,
  type TUnitSystem,
  UNIT_SYSTEM_PARAMETER,
} from '@washboard/contracts';
import { useDeviceTranslation } from '../../i18n/device-texts';
import { formatShownNumber, numbersOnly, readField } from '../parameter-form';

type TProps = {
  param: TParameter;
  /** The text shown: the user's edit, or the machine's value as text. */
  text: string;
  edited: boolean;
  system: TUnitSystem;
  gamma: TGamma;
  onChange: (text: string) => void;
};

/** The symbol after a value ('°C', 'min', 'cycles'); empty for plain numbers. */
function useUnitSymbol(unit: TParameterUnit): string {
  const { t } = useDeviceTranslation();
  return unit === 'cycles' ? t('units.cycles') : parameterUnitSymbol(unit);
}

/** A raw value as the editors show it, in the unit system (`parameterValueText` of the contracts). */
export function useParameterValueText(): (param: TParameter, raw: number, system: TUnitSystem, gamma?: TGamma) => string {
  const { t, i18n } = useTranslation();
  const device = useDeviceTranslation();
  return (param, raw, system, gamma) =>
    parameterValueText(param, raw, system, gamma, {
      text: (key) => t(key as 'toggles.enabled'),
      deviceText: (key) => (device.i18n.exists(key, { ns: 'device' }) ? device.t(key as 'units.cycles') : undefined),
      number: (value, digits) => formatShownNumber(value, digits, i18n.language),
    });
}

/** The name of a parameter: "Minimum rinse temperature (S2)", or the cycle field's name. */
export function useParameterLabel(param: TParameter): { label: string; description: string } {
  const { t } = useDeviceTranslation();
  if (param.code) {
    return {
      label: `${t(`parameters.${param.code}.label`)} (${param.code})`,
      description: t(`parameters.${param.code}.description`),
    };
  }
  return { label: t(`cycleFields.${param.field}.label`), description: t(`cycleFields.${param.field}.description`) };
}

/**
 * One parameter: a switch for on/off, a list for an enumeration, otherwise a field that takes
 * numbers only, with the allowed range (in the shown unit) as a hint and "Value not allowed" for
 * anything the catalogue refuses.
 */
export function ParameterField({ param, text, edited, system, gamma, onChange }: TProps) {
  const { t } = useTranslation();
  const device = useDeviceTranslation();
  const valueText = useParameterValueText();
  const { label, description } = useParameterLabel(param);
  const unit = parameterDisplayUnit(param, system);
  const symbol = useUnitSymbol(unit);
  const explanation = (
    <Text size="xs" c="dimmed" component="span">
      {description}
    </Text>
  );

  if (param.unit === 'boolean') {
    return (
      <Switch
        label={label}
        description={explanation}
        checked={text === '1'}
        onChange={(event) => onChange(event.currentTarget.checked ? '1' : '0')}
        data-testid={`parameter-${param.key}`}
      />
    );
  }

  if (param.options) {
    const code = param.code ?? '';
    const data = Object.entries(param.options).map(([id, value]) => {
      // The unit systems as the range offers them: °C or °F on Hiline, whose volumes stay in litres.
      if (code === UNIT_SYSTEM_PARAMETER)
        return { value: String(value), label: t(`units.${displayUnits(id as TUnitSystem, gamma).label}`) };
      const key = `parameterOptions.${code}.${id}`;
      return {
        value: String(value),
        label: device.i18n.exists(key, { ns: 'device' })
          ? device.t(key as 'parameterOptions.S40.cold')
          : `${value} ${symbol}`.trim(),
      };
    });
    return (
      <NativeSelect
        label={label}
        description={explanation}
        data={data}
        value={text}
        onChange={(event) => onChange(event.currentTarget.value)}
        data-testid={`parameter-${param.key}`}
      />
    );
  }

  const digits = parameterFractionDigits(param, system);
  const bound = (raw: number) => valueText(param, raw, system, gamma);
  const reading = edited ? readField(param, text, system, gamma) : undefined;
  const error =
    reading && !reading.ok
      ? reading.reason === 'empty'
        ? t('validation.mandatory')
        : t('validation.valueNotAllowed')
      : undefined;
  return (
    <TextInput
      label={label}
      description={
        <Stack gap={2} component="span">
          <Text size="xs" fw={500} component="span">
            {t('parameters.range', { min: bound(param.min), max: bound(param.max) })}
          </Text>
          {explanation}
        </Stack>
      }
      inputMode={digits > 0 || param.min < 0 ? 'decimal' : 'numeric'}
      autoComplete="off"
      value={text}
      onChange={(event) => onChange(numbersOnly(event.currentTarget.value))}
      rightSection={symbol ? <Text size="sm">{symbol}</Text> : undefined}
      rightSectionWidth={symbol.length > 3 ? 64 : 44}
      error={error}
      data-testid={`parameter-${param.key}`}
    />
  );
}
