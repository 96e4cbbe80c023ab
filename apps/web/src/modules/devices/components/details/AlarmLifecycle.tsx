import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ALARM_NOTE_MAX_LENGTH, formatDate, formatTime, ZAcknowledgeAlarmRequest, type TAlarmView } from '@washboard/contracts';
import { notify } from '../../../../ui/notify';
import { FormModalActions } from '../../../../ui/dialog/FormModalActions';
import { apiErrorMessage } from '../../../api/api-error-message';
import { useAcknowledgeAlarm, useAlarmAssignees, useAssignAlarm } from '../../hooks/use-device-details';
import { useLanguage } from '../../../i18n/i18n';
import { browserTimeZone } from '../../../../ui/browser-time-zone';

type TProps = { serialNumber: string; alarm: TAlarmView };

/** The frame both dialogs share: a modal holding one form, with Cancel and the submit button. */
function AlarmDialog({
  title,
  submitLabel,
  loading,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  submitLabel: string;
  loading: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {children}
          <FormModalActions onCancel={onClose} submitLabel={submitLabel} loading={loading} />
        </Stack>
      </form>
    </Modal>
  );
}

function AcknowledgeModal({ serialNumber, alarm, onClose }: TProps & { onClose: () => void }) {
  const { t } = useTranslation();
  const acknowledge = useAcknowledgeAlarm(serialNumber);
  const [note, setNote] = useState('');
  // The server's own schema: the same limit, whichever side says no.
  const parsed = ZAcknowledgeAlarmRequest.safeParse({ note: note || undefined });
  const error = !parsed.success
    ? t('alarmRegister.noteTooLong', { count: ALARM_NOTE_MAX_LENGTH })
    : acknowledge.error
      ? apiErrorMessage(acknowledge.error, t, t('errors.generic'))
      : null;
  const submit = () => {
    if (!parsed.success) return;
    acknowledge.mutate(
      { alarmId: alarm.id, request: parsed.data },
      {
        onSuccess: () => {
          notify({ color: 'teal', message: t('alarmRegister.acknowledged') });
          onClose();
        },
      },
    );
  };
  return (
    <AlarmDialog
      title={t('alarmRegister.acknowledgeTitle', { code: alarm.errorCode })}
      submitLabel={t('alarmRegister.acknowledge')}
      loading={acknowledge.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Textarea
        label={t('alarmRegister.note')}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        error={error}
        autosize
        minRows={3}
        data-autofocus
      />
    </AlarmDialog>
  );
}

function AssignModal({ serialNumber, alarm, onClose }: TProps & { onClose: () => void }) {
  const { t } = useTranslation();
  const assignees = useAlarmAssignees(serialNumber);
  const assign = useAssignAlarm(serialNumber);
  const [userId, setUserId] = useState<string | null>(alarm.assignment?.to?.id ?? null);
  const [touched, setTouched] = useState(false);
  const error =
    touched && !userId
      ? t('validation.mandatory')
      : assign.error
        ? apiErrorMessage(assign.error, t, t('errors.generic'))
        : assignees.isError
          ? apiErrorMessage(assignees.error, t, t('errors.generic'))
          : null;
  const submit = () => {
    setTouched(true);
    if (!userId) return;
    assign.mutate(
      { alarmId: alarm.id, userId },
      {
        onSuccess: () => {
          notify({ color: 'teal', message: t('alarmRegister.assigned') });
          onClose();
        },
      },
    );
  };
  return (
    <AlarmDialog
      title={t('alarmRegister.assignTitle', { code: alarm.errorCode })}
      submitLabel={t('alarmRegister.assign')}
      loading={assign.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Select
        label={t('alarmRegister.assignee')}
        data={(assignees.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
        value={userId}
        onChange={setUserId}
        error={error}
        searchable
        required
        disabled={assignees.isPending}
        comboboxProps={{ withinPortal: true }}
        data-autofocus
      />
    </AlarmDialog>
  );
}

/**
 * An alarm's lifecycle in the register (docs/alarms.md): who acknowledged it and when (with the
 * note), whom it is assigned to, and — while it is open — the buttons to acknowledge and assign it.
 */
export function AlarmLifecycle({ serialNumber, alarm }: TProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [dialog, setDialog] = useState<'acknowledge' | 'assign' | null>(null);
  const open = alarm.stopDate === null;
  const ack = alarm.acknowledgement;
  const assigned = alarm.assignment;
  const person = (p: { name: string } | null) => p?.name ?? t('alarmRegister.unknownPerson');
  return (
    <Stack gap={4} align="flex-start">
      {ack && (
        <Text size="sm" data-testid="alarm-acknowledgement">
          {t('alarmRegister.acknowledgedBy', {
            name: person(ack.by),
            date: formatDate(ack.at, 'short', lang, browserTimeZone()),
            time: formatTime(ack.at, false, lang, browserTimeZone()),
          })}
          {ack.note ? ` (${ack.note})` : ''}
        </Text>
      )}
      {assigned && (
        <Text size="sm" data-testid="alarm-assignment">
          {t('alarmRegister.assignedTo', { name: person(assigned.to) })}
        </Text>
      )}
      {!ack && !open && (
        <Text size="sm" c="dimmed">
          {t('alarmRegister.notAcknowledged')}
        </Text>
      )}
      {open && (
        <Group gap="xs">
          {!ack && (
            <Button size="compact-sm" leftSection={<IconCheck size={14} aria-hidden />} onClick={() => setDialog('acknowledge')}>
              {t('alarmRegister.acknowledge')}
            </Button>
          )}
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconUserPlus size={14} aria-hidden />}
            onClick={() => setDialog('assign')}
          >
            {t('alarmRegister.assign')}
          </Button>
        </Group>
      )}
      {dialog === 'acknowledge' && <AcknowledgeModal serialNumber={serialNumber} alarm={alarm} onClose={() => setDialog(null)} />}
      {dialog === 'assign' && <AssignModal serialNumber={serialNumber} alarm={alarm} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
