import { useState } from 'react';
import { Alert, Badge, Box, Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconDoor,
  IconDoorExit,
  IconHash,
  IconLock,
  IconPlayerPlay,
  IconPlayerStop,
  IconPower,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  BRANDS,
  CYCLE_TYPES,
  formatTime,
  isAlarmCode,
  isCycleType,
  type TAlarmCode,
  type TCycleType,
  type TFrontPanel,
  type TPanelPress,
} from '@washboard/contracts';
import { BrandLogo } from '../../../ui/brand/BrandLogo';
import { apiErrorMessage } from '../../api/api-error-message';
import { currentLanguage } from '../../i18n/i18n';
import { useDeviceTranslation } from '../../i18n/device-texts';
import { usePressButton } from '../hooks/use-front-panel';
import { stateColor } from './panel-colors';
import { ProgressBar } from '../../../ui/ProgressBar';

/** The display keeps an LCD's look in both colour schemes. */
const LCD = {
  background: 'var(--mantine-color-dark-9)',
  color: 'var(--mantine-color-lime-4)',
  borderRadius: 'var(--mantine-radius-md)',
} as const;

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A machine's front panel as it stands in the kitchen: the display (what the machine's own display
 * says, its state, temperatures, the cycle, the claiming code, alarms, the remote control lock)
 * and the buttons below it. A refused button says why, in the user's language.
 */
export function FrontPanel({ panel }: { panel: TFrontPanel }) {
  const { t } = useTranslation();
  const press = usePressButton(panel.serialNumber);
  const [cycle, setCycle] = useState<TCycleType>('dishes');
  const [alarm, setAlarm] = useState<string>('');
  const alarmCodes = panel.alarmCodes.filter(isAlarmCode);
  const chosenAlarm = alarmCodes.find((code) => code === alarm) ?? alarmCodes[0];
  const send = (body: TPanelPress) => press.mutate(body);
  const off = panel.state === 'OFF' || panel.state === 'SHUTDOWN';

  return (
    <Stack gap="md" component="section" aria-label={t('demoPanel.panel', { serialNumber: panel.serialNumber })}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <BrandLogo brand={panel.brand} title={BRANDS[panel.brand].title} height={24} />
        <Text size="sm" c="dimmed" ff="monospace">
          {panel.modelNumber} · {panel.serialNumber}
        </Text>
      </Group>
      <Display panel={panel} />
      {press.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />}>
          {apiErrorMessage(press.error, t, t('errors.generic'))}
        </Alert>
      )}
      <Group gap="xs" wrap="wrap">
        <Button
          color={off ? 'teal' : 'red'}
          variant="filled"
          leftSection={<IconPower size={18} />}
          onClick={() => send({ button: off ? 'power-on' : 'power-off' })}
        >
          {off ? t('demoPanel.buttons.powerOn') : t('demoPanel.buttons.powerOff')}
        </Button>
        <Button variant="default" leftSection={<IconHash size={18} />} onClick={() => send({ button: 'show-code' })}>
          {t('demoPanel.buttons.showCode')}
        </Button>
        <Button
          variant="default"
          leftSection={panel.doorOpen ? <IconDoor size={18} /> : <IconDoorExit size={18} />}
          onClick={() => send({ button: panel.doorOpen ? 'close-door' : 'open-door' })}
        >
          {panel.doorOpen ? t('demoPanel.buttons.closeDoor') : t('demoPanel.buttons.openDoor')}
        </Button>
      </Group>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <NativeSelect
          label={t('demoPanel.cycleType')}
          value={cycle}
          onChange={(event) => {
            const next = event.currentTarget.value;
            if (isCycleType(next)) setCycle(next);
          }}
          data={CYCLE_TYPES.map((c) => ({ value: c, label: t(`cycles.${c}`) }))}
          w={180}
        />
        <Button leftSection={<IconPlayerPlay size={18} />} onClick={() => send({ button: 'start', cycleType: cycle })}>
          {t('demoPanel.buttons.start')}
        </Button>
        <Button variant="default" leftSection={<IconPlayerStop size={18} />} onClick={() => send({ button: 'stop' })}>
          {t('demoPanel.buttons.stop')}
        </Button>
      </Group>
      <AlarmControls
        panel={panel}
        codes={alarmCodes}
        chosen={chosenAlarm}
        onChoose={setAlarm}
        onRaise={() => chosenAlarm && send({ button: 'raise-alarm', code: chosenAlarm })}
        onClear={(code) => send({ button: 'clear-alarm', code })}
      />
    </Stack>
  );
}

/** The display: the machine's own words first, then what an operator reads around them. */
function Display({ panel }: { panel: TFrontPanel }) {
  const { t } = useTranslation();
  const cycle = panel.cycle;
  const percent = cycle ? Math.min(100, (cycle.elapsed / Math.max(1, cycle.duration)) * 100) : 0;
  return (
    <Box component="section" aria-label={t('demoPanel.display')} p="md" style={LCD}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text ff="monospace" fz={32} fw={700} lh={1.1} c="inherit" data-testid="panel-display">
            {panel.display}
          </Text>
          <Badge color={panel.online ? stateColor(panel.state) : 'gray'} variant="filled">
            {panel.online ? t(`machineState.${panel.state}`) : t('demoPanel.offline')}
          </Badge>
        </Group>
        {panel.claimingCode && (
          <Text ff="monospace" c="inherit">
            {t('demoPanel.claimingCode')}: <strong>{panel.claimingCode.code}</strong> ·{' '}
            {t('demoPanel.codeValidUntil', {
              time: formatTime(panel.claimingCode.expiresAt, false, currentLanguage(), browserTimeZone()),
            })}
          </Text>
        )}
        <Group ff="monospace" style={{ rowGap: 0, columnGap: 'var(--mantine-spacing-lg)' }}>
          <Text c="inherit" ff="monospace">
            {t('demoPanel.wash')} {panel.temperatures.wash.toFixed(1)} °C
          </Text>
          <Text c="inherit" ff="monospace">
            {t('demoPanel.rinse')} {panel.temperatures.rinse.toFixed(1)} °C
          </Text>
        </Group>
        {cycle && (
          <Stack gap={4}>
            <Text c="inherit" ff="monospace">
              {t('demoPanel.cycle', { cycle: t(`cycles.${cycle.type}`), number: cycle.number })}
              {cycle.waiting ? ` · ${t('demoPanel.heating')}` : ''}
            </Text>
            <ProgressBar value={percent} color="lime" size="sm" label={t(`cycles.${cycle.type}`)} />
          </Stack>
        )}
        {panel.doorOpen && (
          <Text c="yellow.4" ff="monospace" fw={700}>
            {t('demoPanel.doorOpen')}
          </Text>
        )}
        {panel.remoteControl && (
          <Group gap={6} c="orange.4">
            <IconLock size={18} aria-hidden />
            <Text c="inherit" ff="monospace" fw={700}>
              {t('demoPanel.locked')}
            </Text>
          </Group>
        )}
        <Text c={panel.alarms.length > 0 ? 'red.4' : 'inherit'} ff="monospace" fw={panel.alarms.length > 0 ? 700 : 400}>
          {t('demoPanel.alarms')}: {panel.alarms.length > 0 ? panel.alarms.map((a) => a.code).join(' ') : t('demoPanel.noAlarms')}
        </Text>
      </Stack>
    </Box>
  );
}

type TAlarmProps = {
  panel: TFrontPanel;
  codes: TAlarmCode[];
  chosen: TAlarmCode | undefined;
  onChoose: (code: string) => void;
  onRaise: () => void;
  onClear: (code: TAlarmCode) => void;
};

/** Raising a fault of the machine's range (with its catalogue description) and clearing open ones. */
function AlarmControls({ panel, codes, chosen, onChoose, onRaise, onClear }: TAlarmProps) {
  const { t } = useTranslation();
  const { t: td } = useDeviceTranslation();
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Group gap="xs" align="flex-end" wrap="wrap">
          <NativeSelect
            label={t('demoPanel.alarmCode')}
            value={chosen ?? ''}
            onChange={(event) => onChoose(event.currentTarget.value)}
            data={codes.map((code) => ({ value: code, label: `${code} — ${td(`alarms.${code}`)}` }))}
            style={{ flex: '1 1 220px' }}
            miw={0}
          />
          <Button color="red" variant="light" leftSection={<IconAlertTriangle size={18} />} onClick={onRaise}>
            {t('demoPanel.buttons.raiseAlarm')}
          </Button>
        </Group>
        {panel.alarms.length > 0 && (
          <Group gap="xs" wrap="wrap">
            {panel.alarms.map(({ code }) =>
              isAlarmCode(code) ? (
                <Button key={code} size="xs" variant="default" onClick={() => onClear(code)}>
                  {t('demoPanel.buttons.clearAlarm', { code })}
                </Button>
              ) : null,
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
