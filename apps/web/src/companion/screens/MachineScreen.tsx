import { Alert, Button, Group, NavLink, Paper, Stack, Text } from '@mantine/core';
import { IconChevronRight, IconPlugConnected } from '@tabler/icons-react';
import { awaitsInstall } from '@washboard/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DeviceOverview } from '../../modules/devices/components/DeviceOverview';
import { DeviceActions } from '../../modules/devices/components/details/DeviceActions';
import { PanelLockNotice } from '../../modules/devices/components/details/MachineInfo';
import { useApplianceDetail, useLastTelemetry } from '../../modules/devices/hooks/use-devices';
import { useUserData } from '../../modules/session/session-store';
import { StatusPage } from '../../pages/StatusPage';
import { PageHeader } from '../../ui/PageHeader';
import { StaleMarker } from '../offline/StaleMarker';
import { MACHINE_SECTIONS, servicePerson } from '../signed-in-routes';

/** The machine's sections this user may open, as a list of links. */
function MachineSections({ serialNumber }: { serialNumber: string }) {
  const { t } = useTranslation();
  const user = useUserData();
  const detail = useApplianceDetail(serialNumber);
  if (!detail.data || !user) return null;
  const base = `/device/${encodeURIComponent(serialNumber)}`;
  return (
    <Paper component="nav" aria-label={t('device.areasLabel')} withBorder radius="md" mt="md">
      {MACHINE_SECTIONS.filter((s) => !s.allowed || s.allowed(user)).map(({ path, label, Icon }) => (
        <NavLink
          key={path}
          component={Link}
          to={`${base}/${path}`}
          label={t(`mobile.machine.${label}`)}
          leftSection={<Icon size={20} aria-hidden />}
          rightSection={<IconChevronRight size={16} aria-hidden />}
          py="sm"
        />
      ))}
    </Paper>
  );
}

/**
 * "Install machine" for a service person, on a machine that waits for it: online, and its retained
 * `info` reports no installation (`awaitsInstall`).
 */
function InstallOffer({ serialNumber }: { serialNumber: string }) {
  const { t } = useTranslation();
  const user = useUserData();
  const detail = useApplianceDetail(serialNumber);
  if (!detail.data || !user || !servicePerson(user) || !awaitsInstall(detail.data)) return null;
  return (
    <Alert color="blue" my="md" icon={<IconPlugConnected size={20} aria-hidden />} data-testid="install-offer">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('mobile.install.notInstalled')}</Text>
        <Button component={Link} to={`/device/${encodeURIComponent(serialNumber)}/install`} size="sm">
          {t('mobile.install.start')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** A single machine: its state (live when online, last seen offline) and its sections. */
export function MachineScreen() {
  const { t } = useTranslation();
  const { serialNumber = '' } = useParams();
  const detail = useApplianceDetail(serialNumber);
  const last = useLastTelemetry(serialNumber);
  return (
    <>
      <PageHeader title={t('device.title', { serialNumber })} />
      <StaleMarker updatedAt={Math.max(detail.dataUpdatedAt, last.dataUpdatedAt)} error={detail.error ?? last.error} />
      {detail.data && <PanelLockNotice appliance={detail.data} />}
      <InstallOffer serialNumber={serialNumber} />
      <DeviceOverview serialNumber={serialNumber} notFound={<StatusPage screen="notFound" />} />
      <MachineSections serialNumber={serialNumber} />
      <Group mt="lg">
        <DeviceActions serialNumber={serialNumber} />
      </Group>
    </>
  );
}
