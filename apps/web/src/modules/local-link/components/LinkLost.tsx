import { useState, type ReactNode } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconBluetoothOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { localLinks } from '../link-store';
import { bluetoothProblem, type TBluetoothProblem } from '../web-bluetooth';
import { BluetoothProblem } from './BluetoothProblem';

/**
 * The Bluetooth connection to the machine dropped: says so (with `message`, when the screen has more
 * to say) and connects again without the chooser — the session then needs a fresh display code.
 */
export function LinkLost({ serialNumber, message, action }: { serialNumber: string; message?: ReactNode; action?: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Exclude<TBluetoothProblem, 'ready'>>();
  const reconnect = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      await localLinks.reconnect(serialNumber);
    } catch (error) {
      const found = bluetoothProblem(error);
      setProblem(found === 'ready' ? 'unreachable' : found);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm">
      <Alert color="orange" variant="light" icon={<IconBluetoothOff size={18} aria-hidden />} role="alert">
        <Text size="sm" fw={600}>
          {t('mobile.link.disconnected')}
        </Text>
        {message && <Text size="sm">{message}</Text>}
      </Alert>
      {problem && <BluetoothProblem problem={problem} />}
      <Button onClick={() => void reconnect()} loading={busy}>
        {action ?? t('mobile.link.reconnect')}
      </Button>
    </Stack>
  );
}
