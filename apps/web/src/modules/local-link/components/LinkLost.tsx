import type { ReactNode } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconBluetoothOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { localLinks } from '../link-store';
import { BluetoothProblem } from './BluetoothProblem';
import { useBluetoothAttempt } from './use-bluetooth-attempt';

/**
 * The Bluetooth connection to the machine dropped: says so (with `message`, when the screen has more
 * to say) and connects again without the chooser — the session then needs a fresh display code.
 */
export function LinkLost({ serialNumber, message, action }: { serialNumber: string; message?: ReactNode; action?: string }) {
  const { t } = useTranslation();
  const { busy, problem, attempt } = useBluetoothAttempt(() => localLinks.reconnect(serialNumber));
  return (
    <Stack gap="sm">
      <Alert color="orange" variant="light" icon={<IconBluetoothOff size={18} aria-hidden />} role="alert">
        <Text size="sm" fw={600}>
          {t('mobile.link.disconnected')}
        </Text>
        {message && <Text size="sm">{message}</Text>}
      </Alert>
      {problem && <BluetoothProblem problem={problem} />}
      <Button onClick={() => void attempt()} loading={busy}>
        {action ?? t('mobile.link.reconnect')}
      </Button>
    </Stack>
  );
}
