import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, List, Loader, NativeSelect, PasswordInput, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { WIFI_SECURITIES, ZWifiCredentials, type TWifiSecurity } from '@washboard/contracts';
import { ApiError } from '../../api/api-client';
import { apiErrorMessage } from '../../api/api-error-message';
import { deviceKeys } from '../../devices/hooks/device-keys';
import { COMMISSION_STEPS, CommissionError, commission, type TCommissionStep } from '../commissioning';
import { useLinkedMachine } from '../link-store';
import { DisplayCodeStep } from './DisplayCodeStep';
import { LinkLost } from './LinkLost';

type TWifi = { ssid: string; security: TWifiSecurity; password: string };

/** The machine's Wi-Fi network, checked with the link's own schema before it is sent. */
function WifiForm({ onSend }: { onSend: (wifi: TWifi) => void }) {
  const { t } = useTranslation();
  const [wifi, setWifi] = useState<TWifi>({ ssid: '', security: 'wpa2-psk', password: '' });
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const sent = { ...wifi, password: wifi.security === 'open' ? '' : wifi.password };
    const valid = ZWifiCredentials.safeParse({ id: crypto.randomUUID(), ...sent }).success;
    setInvalid(!valid);
    if (valid) onSend(sent);
  };
  return (
    <Stack component="form" onSubmit={submit} gap="sm">
      <Text size="sm">{t('mobile.link.commissioning.intro')}</Text>
      <TextInput
        label={t('mobile.link.commissioning.ssid')}
        value={wifi.ssid}
        onChange={(e) => setWifi({ ...wifi, ssid: e.currentTarget.value })}
        autoComplete="off"
        required
      />
      <NativeSelect
        label={t('mobile.link.commissioning.security')}
        value={wifi.security}
        onChange={(e) => setWifi({ ...wifi, security: e.currentTarget.value as TWifiSecurity })}
        data={WIFI_SECURITIES.map((value) => ({ value, label: t(`mobile.link.commissioning.securities.${value}`) }))}
      />
      {wifi.security !== 'open' && (
        <PasswordInput
          label={t('mobile.link.commissioning.password')}
          value={wifi.password}
          onChange={(e) => setWifi({ ...wifi, password: e.currentTarget.value })}
          autoComplete="off"
          required
        />
      )}
      {invalid && (
        <Alert color="red" role="alert">
          {t('mobile.link.commissioning.invalid')}
        </Alert>
      )}
      <Button type="submit">{t('mobile.link.commissioning.send')}</Button>
    </Stack>
  );
}

/** Each step with its state: done, under way, failed, or still to come. */
function Steps({ current, failed }: { current: TCommissionStep | 'done' | undefined; failed: boolean }) {
  const { t } = useTranslation();
  const reached = current === 'done' ? COMMISSION_STEPS.length : current === undefined ? -1 : COMMISSION_STEPS.indexOf(current);
  const icon = (index: number): ReactNode => {
    if (index < reached) {
      return (
        <ThemeIcon color="teal" size={20} radius="xl">
          <IconCheck size={14} aria-hidden />
        </ThemeIcon>
      );
    }
    if (index === reached && failed) {
      return (
        <ThemeIcon color="red" size={20} radius="xl">
          <IconX size={14} aria-hidden />
        </ThemeIcon>
      );
    }
    if (index === reached) return <Loader size={20} />;
    return <ThemeIcon color="gray" variant="light" size={20} radius="xl" />;
  };
  return (
    <List spacing="xs" data-testid="commission-steps">
      {COMMISSION_STEPS.map((step, index) => (
        <List.Item key={step} icon={icon(index)} data-state={index < reached ? 'done' : index === reached ? 'current' : 'todo'}>
          <Text size="sm" c={index > reached ? 'dimmed' : undefined}>
            {t(`mobile.link.commissioning.steps.${step}`)}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

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
        <Steps current="done" failed={false} />
        <Alert color="teal" role="status">
          {t('mobile.link.commissioning.done', { serialNumber })}
        </Alert>
        {installLink}
      </Stack>
    );
  }
  if (!machine?.connected) return <LinkLost serialNumber={serialNumber} />;
  if (phase.name === 'form')
    return machine.sessionOpen ? <WifiForm onSend={(wifi) => void run(wifi)} /> : <DisplayCodeStep serialNumber={serialNumber} />;
  const step = phase.name === 'running' ? phase.step : phase.error.step;
  return (
    <Stack gap="sm">
      <Steps current={step} failed={phase.name === 'failed'} />
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
