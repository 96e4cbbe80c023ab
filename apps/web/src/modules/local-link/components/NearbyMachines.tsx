import { useEffect, useState, type ReactNode } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBluetooth, IconSearch, IconWifi, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { localLinks, useLinkedMachines, type TLinkedMachine } from '../link-store';
import { bluetoothProblem, bluetoothSupport, type TBluetoothProblem } from '../web-bluetooth';
import { BluetoothProblem } from './BluetoothProblem';
import { LinkLost } from './LinkLost';

type TProps = {
  /** What can be done with a machine (links of the app that shows the list). */
  renderActions: (machine: TLinkedMachine) => ReactNode;
  /** Only the machines whose serial number contains this (the list's search), case-insensitive. */
  search?: string;
};

/** One machine reached over Bluetooth: how it is reachable now, and what can be done with it. */
function NearbyMachine({ machine, children }: { machine: TLinkedMachine; children: ReactNode }) {
  const { t } = useTranslation();
  const { serialNumber, info, connected } = machine;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={serialNumber} data-testid={`nearby-${serialNumber}`}>
      <Stack gap="sm">
        <Text fw={700} ff="monospace">
          {serialNumber}
        </Text>
        <Group gap={6}>
          {connected && (
            <Badge color="blue" variant="light" leftSection={<IconBluetooth size={12} aria-hidden />}>
              {t('mobile.home.filters.bluetooth')}
            </Badge>
          )}
          <Badge
            color={info.online ? 'teal' : 'gray'}
            variant="light"
            leftSection={info.online ? <IconWifi size={12} aria-hidden /> : <IconWifiOff size={12} aria-hidden />}
          >
            {t(info.online ? 'mobile.link.online' : 'mobile.link.offline')}
          </Badge>
        </Group>
        {connected ? <Group gap="xs">{children}</Group> : <LinkLost serialNumber={serialNumber} />}
      </Stack>
    </Paper>
  );
}

/**
 * The Bluetooth side of the home list: the machines this phone reaches over Bluetooth now, found
 * through the system's chooser, each saying whether it is also on the network. Says plainly when the
 * browser has no Web Bluetooth, the phone no adapter, or the permission was refused.
 */
export function NearbyMachines({ renderActions, search = '' }: TProps) {
  const { t } = useTranslation();
  const machines = useLinkedMachines();
  const [support, setSupport] = useState<TBluetoothProblem>();
  const [problem, setProblem] = useState<Exclude<TBluetoothProblem, 'ready'>>();
  const [finding, setFinding] = useState(false);

  useEffect(() => {
    let current = true;
    void bluetoothSupport().then((found) => current && setSupport(found));
    return () => {
      current = false;
    };
  }, []);

  const find = async () => {
    setProblem(undefined);
    setFinding(true);
    try {
      // The browser's own refusal says best why (no adapter, Bluetooth blocked for the site…).
      if ((await bluetoothSupport()) === 'unsupported') return setProblem('unsupported');
      await localLinks.find();
    } catch (error) {
      const found = bluetoothProblem(error);
      setProblem(found === 'ready' ? 'unreachable' : found);
    } finally {
      setFinding(false);
    }
  };

  const shown = machines.filter((m) => m.serialNumber.toLowerCase().includes(search.trim().toLowerCase()));
  const unusable = support === 'unsupported' || support === 'noAdapter' ? support : undefined;
  return (
    <Stack gap="sm" data-testid="nearby-machines">
      <Title order={2} size="h4">
        {t('mobile.link.nearbyTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('mobile.link.nearbyHint')}
      </Text>
      {unusable && !problem && <BluetoothProblem problem={unusable} />}
      {problem && <BluetoothProblem problem={problem} />}
      <Button
        leftSection={<IconSearch size={16} aria-hidden />}
        onClick={() => void find()}
        loading={finding}
        disabled={support === 'unsupported'}
      >
        {t('mobile.link.find')}
      </Button>
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('mobile.link.none')}
        </Text>
      ) : (
        shown.map((machine) => (
          <NearbyMachine key={machine.serialNumber} machine={machine}>
            {renderActions(machine)}
          </NearbyMachine>
        ))
      )}
    </Stack>
  );
}
