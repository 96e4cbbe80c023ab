import { Progress, type MantineColor, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type TProps = {
  /** 0–100; may be fractional (a cycle's elapsed share). */
  value: number;
  /** What progresses: the progress bar's accessible name. */
  label: string;
  size?: MantineSize;
  radius?: MantineSize;
  color?: MantineColor;
  striped?: boolean;
  animated?: boolean;
};

/**
 * A progress bar that a screen reader announces as one: the bar (Mantine's section, the element
 * with `role="progressbar"`) carries the name and the value in whole per cent, said the way the
 * language writes it ("42 %" in French). Mantine's single `Progress` gives the section
 * `aria-valuetext="42.857142%"` and leaves a name given to the root on an element without a role.
 */
export function ProgressBar({ value, label, size, radius, color, striped, animated }: TProps) {
  const { t } = useTranslation();
  const whole = Math.round(value);
  return (
    <Progress.Root size={size} radius={radius}>
      <Progress.Section
        value={value}
        color={color}
        striped={striped}
        animated={animated}
        withAria={false}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={whole}
        aria-valuetext={t('common.percent', { value: whole })}
      />
    </Progress.Root>
  );
}
