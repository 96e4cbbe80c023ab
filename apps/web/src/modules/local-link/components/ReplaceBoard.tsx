import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { boardSerialFromQr, localLinkName } from '@washboard/contracts';
import { ApiError } from '../../api/api-client';
import { apiErrorMessage } from '../../api/api-error-message';
import { deviceKeys } from '../../devices/hooks/device-keys';
import { REPLACE_STEPS, ReplaceError, replaceBoard, type TReplaceStep } from '../board-replacement';
import { localLinks, useLinkedMachine } from '../link-store';
import { BluetoothProblem } from './BluetoothProblem';
import { BoardQrScanner } from './BoardQrScanner';
import { DisplayCodeStep } from './DisplayCodeStep';
import { LinkLost } from './LinkLost';
import { LinkSteps } from './LinkSteps';
import { useBluetoothAttempt } from './use-bluetooth-attempt';
import { WifiForm, type TWifi } from './WifiForm';
import { SyncInProgress } from '../../../ui/SyncInProgress';

/** The new board's serial: scanned from its QR code with the camera, or typed. */
function IdentifyBoard({ onBoard }: { onBoard: (boardSerial: string) => void }) {
  const { t } = useTranslation();
  const [scanning, setScanning] = useState(false);
  const [typed, setTyped] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const serial = boardSerialFromQr(typed);
    setInvalid(!serial);
    if (serial) onBoard(serial);
  };
  return (
    <Stack gap="md">
      <Text size="sm">{t('mobile.link.board.intro')}</Text>
      {scanning ? (
        <BoardQrScanner onSerial={onBoard} onStop={() => setScanning(false)} />
      ) : (
        <Button leftSection={<IconQrcode size={18} aria-hidden />} onClick={() => setScanning(true)}>
          {t('mobile.link.board.scan')}
        </Button>
      )}
      <Stack component="form" onSubmit={submit} gap="sm">
        <TextInput
          label={t('mobile.link.board.typed')}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={invalid ? t('mobile.link.board.invalid') : undefined}
        />
        <Button type="submit" variant="light" disabled={typed.trim() === ''}>
          {t('mobile.link.board.use')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** Connects to the spare board by Bluetooth: the chooser shows only `WB-<boardSerial>`. */
function ConnectBoard({ boardSerial, onOther }: { boardSerial: string; onOther: () => void }) {
  const { t } = useTranslation();
  const { busy, problem, attempt } = useBluetoothAttempt(() => localLinks.findBoard(boardSerial));
  return (
    <Stack gap="sm">
      <Text size="sm">{t('mobile.link.board.connectHint', { name: localLinkName(boardSerial) })}</Text>
      {problem && <BluetoothProblem problem={problem} />}
      <Group>
        <Button onClick={() => void attempt()} loading={busy}>
          {t('mobile.link.board.connect')}
        </Button>
        <Button variant="default" onClick={onOther}>
          {t('mobile.link.board.other')}
        </Button>
      </Group>
    </Stack>
  );
}

type TPhase =
  { name: 'form' } | { name: 'running'; step?: TReplaceStep } | { name: 'failed'; error: ReplaceError } | { name: 'done' };

/**
 * Replaces the main board of a machine (docs/local-link.md, "Board replacement"): the new board's
 * serial from its QR code (or typed), a Bluetooth connection to it, the display code, the Wi-Fi
 * network; then the server binds the machine to it and revokes the old board, the phone hands the
 * board the machine's serial number and credentials, the board comes online as the machine and the
 * server restores the machine's installation and parameters on it — each step named as it goes.
 */
export function ReplaceBoard({ serialNumber, backLink }: { serialNumber: string; backLink: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [boardSerial, setBoardSerial] = useState<string>();
  const board = useLinkedMachine(boardSerial ?? '');
  const [phase, setPhase] = useState<TPhase>({ name: 'form' });

  const run = async (wifi: TWifi) => {
    if (!boardSerial) return;
    setPhase({ name: 'running' });
    try {
      await replaceBoard(serialNumber, boardSerial, wifi, { onStep: (step) => setPhase({ name: 'running', step }) });
      await queryClient.invalidateQueries({ queryKey: deviceKeys.all });
      setPhase({ name: 'done' });
    } catch (error) {
      setPhase({ name: 'failed', error: error instanceof ReplaceError ? error : new ReplaceError('credentials', error) });
    }
  };
  const steps = (current: TReplaceStep | 'done' | undefined, failed: boolean) => (
    <LinkSteps
      steps={REPLACE_STEPS}
      label={(step) => t(`mobile.link.board.steps.${step}`)}
      current={current}
      failed={failed}
      testId="replace-steps"
    />
  );

  if (!boardSerial) return <IdentifyBoard onBoard={setBoardSerial} />;
  const heading = (
    <Text size="sm" fw={600}>
      {t('mobile.link.board.board', { boardSerial })}
    </Text>
  );
  if (phase.name === 'done') {
    return (
      <Stack gap="sm">
        {heading}
        {steps('done', false)}
        <Alert color="teal" role="status">
          {t('mobile.link.board.done', { serialNumber })}
        </Alert>
        {backLink}
      </Stack>
    );
  }
  if (phase.name === 'form') {
    let body;
    if (!board) body = <ConnectBoard boardSerial={boardSerial} onOther={() => setBoardSerial(undefined)} />;
    else if (!board.connected) body = <LinkLost serialNumber={boardSerial} />;
    else if (!board.info.spare && board.info.serialNumber !== serialNumber)
      body = (
        <Alert color="red" role="alert">
          {t('mobile.link.board.notSpare', { found: board.info.serialNumber })}
        </Alert>
      );
    else if (!board.sessionOpen) body = <DisplayCodeStep serialNumber={boardSerial} />;
    else body = <WifiForm intro={t('mobile.link.commissioning.intro')} onSend={(wifi) => void run(wifi)} />;
    return (
      <Stack gap="sm">
        {heading}
        {body}
      </Stack>
    );
  }
  const step = phase.name === 'running' ? phase.step : phase.error.step;
  return (
    <Stack gap="sm">
      {heading}
      <SyncInProgress active={phase.name === 'running'} />
      {steps(step, phase.name === 'failed')}
      {phase.name === 'failed' && (
        <>
          <Alert color="red" role="alert">
            <Text size="sm">{t(`mobile.link.board.failed.${phase.error.step}`)}</Text>
            {phase.error.cause instanceof ApiError && <Text size="sm">{apiErrorMessage(phase.error.cause, t, '')}</Text>}
          </Alert>
          <Button onClick={() => setPhase({ name: 'form' })}>{t('mobile.link.board.retry')}</Button>
        </>
      )}
    </Stack>
  );
}
