import { useCallback, useRef, useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/api-error-message';
import { carryRecords, type TCarryOptions } from '../carry-records';
import { localLinks, useLinkedMachine } from '../link-store';
import { DisplayCodeStep } from './DisplayCodeStep';
import { LinkLost } from './LinkLost';
import { SyncInProgress } from '../../../ui/SyncInProgress';

type TPhase = 'ready' | 'reading' | 'interrupted' | 'done' | 'failed';

type TProps = Pick<TCarryOptions, 'submit' | 'cursors'> & { serialNumber: string };

/**
 * Carries a machine's HACCP records home (docs/local-link.md, "Records carried home"): after the
 * display code, pages of records are read and handed to the offline queue (encrypted on the phone
 * until sent). A dropped connection stops it where it was; reconnecting (and a fresh code) resumes
 * after the last record kept, so no record is read twice.
 */
export function CarryRecords({ serialNumber, submit, cursors }: TProps) {
  const { t } = useTranslation();
  const machine = useLinkedMachine(serialNumber);
  const [phase, setPhase] = useState<TPhase>('ready');
  const [read, setRead] = useState(0);
  const [queued, setQueued] = useState(false);
  const [refused, setRefused] = useState(false);
  const [failure, setFailure] = useState<string>();
  // Records read and kept by this carrying, over every attempt (a connection may drop midway).
  const total = useRef(0);

  const run = useCallback(async () => {
    const start = total.current;
    setPhase('reading');
    setFailure(undefined);
    try {
      const carried = await carryRecords(serialNumber, {
        submit,
        cursors,
        label: (first, last) => t('mobile.link.records.label', { serialNumber, first, last }),
        onProgress: (count) => {
          total.current = start + count;
          setRead(total.current);
        },
      });
      if (carried.queued) setQueued(true);
      if (carried.refused) setRefused(true);
      setPhase('done');
    } catch (error) {
      // What was read and kept stays kept (the cursor says up to where): a dropped connection
      // resumes after it, anything else is said and tried again by hand.
      if (!localLinks.link(serialNumber)) return setPhase('interrupted');
      setFailure(apiErrorMessage(error, t, t('mobile.link.session.errors.failed')));
      setPhase('failed');
    }
  }, [serialNumber, submit, cursors, t]);

  if (phase === 'done') {
    return (
      <Stack gap="sm">
        <Alert color={refused ? 'yellow' : 'teal'} role="status">
          <Text size="sm">{read > 0 ? t('mobile.link.records.done', { count: read }) : t('mobile.link.records.none')}</Text>
          {read > 0 && (queued || !refused) && (
            <Text size="sm">{t(queued ? 'mobile.link.records.queued' : 'mobile.link.records.uploaded')}</Text>
          )}
          {refused && <Text size="sm">{t('mobile.link.records.partlyStored')}</Text>}
        </Alert>
      </Stack>
    );
  }
  if (!machine?.connected) {
    return (
      <LinkLost
        serialNumber={serialNumber}
        message={
          phase === 'interrupted' || phase === 'reading' ? t('mobile.link.records.interrupted', { count: read }) : undefined
        }
        action={phase === 'interrupted' || phase === 'reading' ? t('mobile.link.records.resume') : undefined}
      />
    );
  }
  // A session opened again after the connection dropped: go on where it stopped.
  if (!machine.sessionOpen)
    return <DisplayCodeStep serialNumber={serialNumber} onOpened={phase === 'interrupted' ? () => void run() : undefined} />;
  return (
    <Stack gap="sm">
      <Text size="sm">{t('mobile.link.records.intro')}</Text>
      <SyncInProgress active={phase === 'reading'} />
      {phase === 'reading' && (
        <Text size="sm" role="status" aria-live="polite">
          {t('mobile.link.records.progress', { count: read })}
        </Text>
      )}
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      {(phase === 'ready' || phase === 'failed') && <Button onClick={() => void run()}>{t('mobile.link.records.start')}</Button>}
    </Stack>
  );
}
