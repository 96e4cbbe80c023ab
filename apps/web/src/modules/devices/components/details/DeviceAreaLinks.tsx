import { Button, Group } from '@mantine/core';
import { IconAdjustments, IconClipboardCheck, IconListDetails, IconRemoteControl, IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canEditFactoryParameters } from '@washboard/contracts';
import { useUserData } from '../../../session/session-store';
import { useApplianceDetail } from '../../hooks/use-devices';

/**
 * Links from the device details page to the machine's other screens (factory parameters: SM and
 * admin). Only once the machine is known: a serial number that does not exist, or that the user
 * may not see, leads nowhere.
 */
export function DeviceAreaLinks({ serialNumber }: { serialNumber: string }) {
  const { t } = useTranslation();
  const user = useUserData();
  const detail = useApplianceDetail(serialNumber);
  if (!detail.data) return null;
  const base = `/device/${encodeURIComponent(serialNumber)}`;
  const areas = [
    { path: 'remote-control', label: t('layout.breadcrumbs.remoteControl'), Icon: IconRemoteControl },
    { path: 'parameters', label: t('layout.breadcrumbs.parameters'), Icon: IconAdjustments },
    { path: 'cycles', label: t('layout.breadcrumbs.cycles'), Icon: IconListDetails },
    ...(user && canEditFactoryParameters(user)
      ? [{ path: 'factory-parameters', label: t('layout.breadcrumbs.factoryParameters'), Icon: IconTool }]
      : []),
    { path: 'haccp', label: t('layout.breadcrumbs.haccp'), Icon: IconClipboardCheck },
  ];
  return (
    <Group component="nav" aria-label={t('device.areasLabel')} gap="xs" mt="md">
      {areas.map(({ path, label, Icon }) => (
        <Button key={path} component={Link} to={`${base}/${path}`} variant="light" leftSection={<Icon size={16} aria-hidden />}>
          {label}
        </Button>
      ))}
    </Group>
  );
}
