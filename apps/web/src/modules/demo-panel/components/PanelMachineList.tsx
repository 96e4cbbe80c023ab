import { Badge, Button, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BRANDS, type TPanelMachine } from '@washboard/contracts';
import { useRuntime } from '../../runtime/runtime-context';
import { stateColor } from './panel-colors';

/** Where a machine's panel opens: in its own brand's look (`?brand=` is read when the page loads, hence the reload). */
export function panelHref(machine: TPanelMachine, currentBrand: string): { to: string; reload: boolean } {
  const path = `/demo/machines/${encodeURIComponent(machine.serialNumber)}`;
  return machine.brand === currentBrand ? { to: path, reload: false } : { to: `${path}?brand=${machine.brand}`, reload: true };
}

/** The demo's virtual machines: name, serial number, brand and state, each with a link to its panel. */
export function PanelMachineList({ machines }: { machines: TPanelMachine[] }) {
  const { t } = useTranslation();
  const { brand } = useRuntime();
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {machines.map((machine) => {
        const { to, reload } = panelHref(machine, brand.code);
        const name = machine.applianceName ?? t('demoPanel.unclaimed');
        return (
          <Paper component="li" key={machine.serialNumber} withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={0} miw={0}>
                <Text fw={600} truncate>
                  {name}
                </Text>
                <Text size="sm" c="dimmed" ff="monospace">
                  {machine.serialNumber} · {machine.modelNumber}
                </Text>
              </Stack>
              <Group gap="xs" wrap="wrap">
                <Badge
                  variant="light"
                  color="gray"
                  aria-label={`${t('demoPanel.columns.brand')}: ${BRANDS[machine.brand].title}`}
                >
                  {BRANDS[machine.brand].title}
                </Badge>
                <Badge variant="light" color={machine.online ? stateColor(machine.state) : 'gray'}>
                  {machine.online ? t(`machineState.${machine.state}`) : t('demoPanel.offline')}
                </Badge>
                <Button
                  component={Link}
                  to={to}
                  reloadDocument={reload}
                  size="xs"
                  variant="light"
                  leftSection={<IconDeviceDesktop size={16} />}
                >
                  {t('demoPanel.open')}
                  <VisuallyHidden> {machine.serialNumber}</VisuallyHidden>
                </Button>
              </Group>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
