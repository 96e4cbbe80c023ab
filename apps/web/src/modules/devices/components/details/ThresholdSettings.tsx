import { useState } from 'react';
import { Alert, Badge, Button, Chip, Group, NumberInput, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  THRESHOLD_DEFAULTS,
  THRESHOLD_LIMITS,
  ZThresholdSettings,
  type TThresholdSettings,
  type TThresholdView,
} from '@washboard/contracts';
import { notify } from '../../../../ui/notify';
import { apiErrorMessage } from '../../../api/api-error-message';
import { useSaveThresholds, useThresholds } from '../../hooks/use-device-details';
import { useLanguage } from '../../../i18n/i18n';

/** ISO weekdays, Monday first. */
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** A weekday's short name in `lang` (2026-11-23 was a Monday). */
function weekdayName(day: number, lang: string): string {
  return new Date(Date.UTC(2026, 10, 22 + day)).toLocaleDateString(lang, { weekday: 'short', timeZone: 'UTC' });
}

/**
 * The machine's threshold notification settings (docs/notifications.md, "Threshold notifications"):
 * which conditions notify, at which threshold, and its opening hours. Shown to its service and the
 * brand's administrators, who may change them.
 */
export function ThresholdSettings({ serialNumber }: { serialNumber: string }) {
  const view = useThresholds(serialNumber);
  // The form starts again from the settings whenever they are (re)loaded or saved.
  return view.data ? <ThresholdForm key={JSON.stringify(view.data)} serialNumber={serialNumber} view={view.data} /> : null;
}

function ThresholdForm({ serialNumber, view }: { serialNumber: string; view: TThresholdView }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const save = useSaveThresholds(serialNumber);
  const [form, setForm] = useState<TThresholdSettings>(view.settings);
  const set = (changes: Partial<TThresholdSettings>) => setForm((f) => ({ ...f, ...changes }));
  const hours = form.openingHours;
  const setHours = (changes: Partial<TThresholdSettings['openingHours']>) => set({ openingHours: { ...hours, ...changes } });
  const valid = ZThresholdSettings.safeParse(form);
  const hoursInvalid = !valid.success && valid.error.issues.some((i) => i.path[0] === 'openingHours');
  const editable = view.canEdit;
  const submit = () =>
    save.mutate(form, {
      onSuccess: () => notify({ color: 'teal', message: t('thresholds.saved') }),
      onError: (e) => notify({ color: 'red', message: apiErrorMessage(e, t, t('errors.tryAgainLater')) }),
    });
  const number = (value: string | number, fallback: number) => (typeof value === 'number' ? value : Number(value) || fallback);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="threshold-settings-title">
      <Group justify="space-between" mb="xs">
        <Title order={3} id="threshold-settings-title" size="h4">
          {t('thresholds.title')}
        </Title>
        <Badge variant="light" color={view.custom ? 'blue' : 'gray'}>
          {view.custom ? t('thresholds.custom') : t('thresholds.usingDefaults')}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t('thresholds.intro')}
      </Text>
      {!editable && <Alert mb="md">{t('thresholds.readOnly')}</Alert>}
      <Stack gap="md">
        <Switch
          label={t('thresholds.hygiene')}
          checked={form.hygieneEnabled}
          disabled={!editable}
          onChange={(e) => set({ hygieneEnabled: e.currentTarget.checked })}
        />
        <Switch
          label={t('thresholds.chemicals')}
          checked={form.chemicalsEnabled}
          disabled={!editable}
          onChange={(e) => set({ chemicalsEnabled: e.currentTarget.checked })}
        />
        <Group align="flex-end" gap="md">
          <Switch
            label={t('thresholds.maintenance')}
            checked={form.maintenanceEnabled}
            disabled={!editable}
            onChange={(e) => set({ maintenanceEnabled: e.currentTarget.checked })}
            style={{ flex: '1 1 240px' }}
          />
          <NumberInput
            label={t('thresholds.maintenanceCycles')}
            value={form.maintenanceCycles}
            min={THRESHOLD_LIMITS.maintenanceCycles.min}
            max={THRESHOLD_LIMITS.maintenanceCycles.max}
            allowDecimal={false}
            disabled={!editable || !form.maintenanceEnabled}
            onChange={(v) => set({ maintenanceCycles: number(v, THRESHOLD_DEFAULTS.maintenanceCycles) })}
            w={160}
          />
        </Group>
        <Group align="flex-end" gap="md">
          <Switch
            label={t('thresholds.offline')}
            checked={form.offlineEnabled}
            disabled={!editable}
            onChange={(e) => set({ offlineEnabled: e.currentTarget.checked })}
            style={{ flex: '1 1 240px' }}
          />
          <NumberInput
            label={t('thresholds.offlineMinutes')}
            value={form.offlineMinutes}
            min={THRESHOLD_LIMITS.offlineMinutes.min}
            max={THRESHOLD_LIMITS.offlineMinutes.max}
            allowDecimal={false}
            disabled={!editable || !form.offlineEnabled}
            onChange={(v) => set({ offlineMinutes: number(v, THRESHOLD_DEFAULTS.offlineMinutes) })}
            w={160}
          />
        </Group>
        <Stack gap={6} pl="md">
          <Text size="sm" fw={500} id="threshold-opening-days">
            {t('thresholds.openingDays')}
          </Text>
          <Chip.Group
            multiple
            value={hours.days.map(String)}
            onChange={(days) => setHours({ days: days.map(Number).sort((a, b) => a - b) })}
          >
            <Group gap={6} role="group" aria-labelledby="threshold-opening-days">
              {WEEKDAYS.map((day) => (
                <Chip key={day} value={String(day)} size="xs" disabled={!editable || !form.offlineEnabled}>
                  {weekdayName(day, lang)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <Group gap="md">
            <TextInput
              type="time"
              label={t('thresholds.opensAt')}
              value={hours.opensAt}
              disabled={!editable || !form.offlineEnabled}
              onChange={(e) => setHours({ opensAt: e.currentTarget.value })}
              w={140}
            />
            <TextInput
              type="time"
              label={t('thresholds.closesAt')}
              value={hours.closesAt === '24:00' ? '23:59' : hours.closesAt}
              disabled={!editable || !form.offlineEnabled}
              onChange={(e) => setHours({ closesAt: e.currentTarget.value === '23:59' ? '24:00' : e.currentTarget.value })}
              error={hoursInvalid ? t('thresholds.openingHoursInvalid') : undefined}
              w={140}
            />
          </Group>
          <Text size="xs" c="dimmed">
            {t('thresholds.openingHoursClock', { zone: view.timeZone })}
          </Text>
        </Stack>
        <Group align="flex-end" gap="md">
          <Switch
            label={t('thresholds.usage')}
            checked={form.usageEnabled}
            disabled={!editable}
            onChange={(e) => set({ usageEnabled: e.currentTarget.checked })}
            style={{ flex: '1 1 240px' }}
          />
          <NumberInput
            label={t('thresholds.usageFactor')}
            value={form.usageFactor}
            min={THRESHOLD_LIMITS.usageFactor.min}
            max={THRESHOLD_LIMITS.usageFactor.max}
            step={0.1}
            decimalScale={1}
            disabled={!editable || !form.usageEnabled}
            onChange={(v) => set({ usageFactor: number(v, THRESHOLD_DEFAULTS.usageFactor) })}
            w={160}
          />
        </Group>
        {editable && (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setForm(THRESHOLD_DEFAULTS)}>
              {t('thresholds.resetDefaults')}
            </Button>
            <Button onClick={submit} loading={save.isPending} disabled={!valid.success}>
              {t('thresholds.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
