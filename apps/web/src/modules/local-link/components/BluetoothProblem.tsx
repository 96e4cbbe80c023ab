import { Alert } from '@mantine/core';
import { IconBluetoothOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TBluetoothProblem } from '../web-bluetooth';

/** Why the phone reaches no machine over Bluetooth, in words the user can act on. */
export function BluetoothProblem({ problem }: { problem: Exclude<TBluetoothProblem, 'ready'> }) {
  const { t } = useTranslation();
  return (
    <Alert
      color={problem === 'cancelled' ? 'gray' : 'orange'}
      variant="light"
      icon={<IconBluetoothOff size={18} aria-hidden />}
      role="alert"
      data-testid="bluetooth-problem"
    >
      {t(`mobile.link.problems.${problem}`)}
    </Alert>
  );
}
