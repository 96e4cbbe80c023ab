import { Alert, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate, UNIT_SYMBOLS, type TApplianceDetail } from '@washboard/contracts';
import { Field } from './Field';
import { useLanguage } from '../../../i18n/i18n';

/**
 * The machine information (device-areas §2, "machine info"): board versions, MAC address, mains
 * voltage and frequency, electricity distribution, Wi-Fi signal and energy saving — what the machine
 * reported in its `info` message, the product record's values before it did. Shared by the
 * dashboard's device page and the companion's machine info screen.
 */
export function MachineInfo({ appliance: a, cols = { base: 1, xs: 2, md: 3 } }: { appliance: TApplianceDetail; cols?: object }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const info = a.info;
  return (
    <Paper withBorder radius="md" p="md" data-testid="machine-info">
      <Stack gap="md">
        <Title order={3} size="h4">
          {t('device.sections.machineInfo')}
        </Title>
        <SimpleGrid cols={cols} spacing="sm" verticalSpacing="md">
          <Field
            label={t('device.fields.connectivityBoard')}
            value={info?.connectivity ?? a.versions?.connectivity}
            testId="detail-connectivity"
          />
          <Field label={t('device.fields.controlBoard')} value={info?.control ?? a.versions?.control} testId="detail-control" />
          <Field label={t('device.fields.macAddress')} value={a.macAddress} testId="detail-mac" />
          <Field
            label={t('device.fields.voltage')}
            value={a.voltage === null ? null : `${a.voltage} ${UNIT_SYMBOLS.voltAc}`}
            testId="detail-voltage"
          />
          <Field
            label={t('device.fields.networkFrequency')}
            value={a.networkFrequency === null ? null : `${a.networkFrequency} ${UNIT_SYMBOLS.hertz}`}
            testId="detail-frequency"
          />
          <Field
            label={t('device.fields.electricityDistribution')}
            value={a.electricityDistribution}
            testId="detail-distribution"
          />
          <Field
            label={t('device.fields.signal')}
            value={info?.signalDbm === null || info?.signalDbm === undefined ? null : `${info.signalDbm} dBm`}
          />
          <Field
            label={t('device.fields.energySaving')}
            value={info ? t(info.energySaving ? 'toggles.enabled' : 'toggles.disabled') : null}
          />
          <Field
            label={t('device.fields.installedAt')}
            value={info?.installation ? formatDate(info.installation.at, 'short', lang, info.installation.timeZone) : null}
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** The warning that the machine's front panel is locked by an active remote control session. */
export function PanelLockNotice({ appliance }: { appliance: Pick<TApplianceDetail, 'panelLocked'> }) {
  const { t } = useTranslation();
  if (!appliance.panelLocked) return null;
  return (
    <Alert color="yellow" icon={<IconLock size={18} aria-hidden />} role="status" data-testid="panel-locked">
      {t('device.fields.panelLocked')}
    </Alert>
  );
}
