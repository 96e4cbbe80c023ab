import { useState, type ReactNode } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-client';
import { apiErrorMessage } from '../../api/api-error-message';
import { deviceKeys } from '../../devices/hooks/device-keys';
import { COMMISSION_STEPS, CommissionError, commission, type TCommissionStep } from '../commissioning';
import { useLinkedMachine } from '../link-store';
import { DisplayCodeStep } from './DisplayCodeStep';
import { LinkLost } from './LinkLost';
import { LinkSteps } from './LinkSteps';
import { WifiForm, type TWifi } from './WifiForm';

type TPhase =
  { name: 'form' } | { name: 'running'; step?: TCommissionStep } | { name: 'failed'; error: CommissionError } | { name: 'done' };

/**
 * Commissions a machine from its box (docs/local-link.md, "Commissioning"): the display code opens a
 * session, the technician gives the Wi-Fi network, and the app does the rest — credentials from the
 * server to the machine, the machine online, claimed for the technician's company — naming each
 * step as it goes and the one that failed. `installLink` continues with the installation over the cloud.
 */
export function CommissionMachine({ serialNumber, installLink }: { serialNumber: string; installLink: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const machine = useLinkedMachine(serialNumber);
  const [phase, setPhase] = useState<TPhase>({ name: 'form' });

  const run = async (wifi: TWifi) => {
    setPhase({ name: 'running' });
    try {
      await commission(serialNumber, wifi, { onStep: (step) => setPhase({ name: 'running', step }) });
      await queryClient.invalidateQueries({ queryKey: deviceKeys.all });
      setPhase({ name: 'done' });
    } catch (error) {
      setPhase({ name: 'failed', error: error instanceof CommissionError ? error : new CommissionError('credentials', error) });
    }
  };

  if (phase.name === 'done') {
    return (
      <Stack gap="sm">
        <LinkSteps
          steps={COMMISSION_STEPS}
          label={(s) => t(`mobile.link.commissioning.steps.${s}`)}
          current="done"
          failed={false}
          testId="commission-steps"
        />
        <Alert color="teal" role="status">
          {t('mobile.link.commissioning.done', { serialNumber })}
        </Alert>
        {installLink}
      </Stack>
    );
  }
  if (!machine?.connected) return <LinkLost serialNumber={serialNumber} />;
  if (phase.name === 'form')
    return machine.sessionOpen ? (
      <WifiForm intro={t('mobile.link.commissioning.intro')} onSend={(wifi) => void run(wifi)} />
    ) : (
      <DisplayCodeStep serialNumber={serialNumber} />
    );
  const step = phase.name === 'running' ? phase.step : phase.error.step;
  return (
    <Stack gap="sm">
      <LinkSteps
        steps={COMMISSION_STEPS}
        label={(s) => t(`mobile.link.commissioning.steps.${s}`)}
        current={step}
        failed={phase.name === 'failed'}
        testId="commission-steps"
      />
      {phase.name === 'failed' && (
        <>
          <Alert color="red" role="alert">
            <Text size="sm">{t(`mobile.link.commissioning.failed.${phase.error.step}`)}</Text>
            {phase.error.cause instanceof ApiError && <Text size="sm">{apiErrorMessage(phase.error.cause, t, '')}</Text>}
          </Alert>
          <Button onClick={() => setPhase({ name: 'form' })}>{t('mobile.link.commissioning.retry')}</Button>
        </>
      )}
    </Stack>
  );
}
