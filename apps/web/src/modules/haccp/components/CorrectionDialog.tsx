import { useState, type FormEvent } from 'react';
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  HACCP_CORRECTION_NOTE_MAX,
  HACCP_CORRECTION_NOTE_MIN,
  ZHaccpCorrectionRequest,
  type THaccpCorrectionRequest,
} from '@washboard/contracts';
import { DIALOG_WIDTH } from '../../../ui/dialog/dialog-context';
import { FailureAlert } from '../../../ui/dialog/FailureAlert';
import { FormModalActions } from '../../../ui/dialog/FormModalActions';
import { notify } from '../../../ui/notify';
import { apiErrorMessage } from '../../api/api-error-message';
import { useAddHaccpCorrection } from '../hooks/use-haccp';

/** The record corrected: its kind and id, and how the dialog names it (e.g. its cycle and start). */
export type TCorrectionTarget = { kind: THaccpCorrectionRequest['correctsKind']; id: string; name: string };

type TProps = { serialNumber: string; target: TCorrectionTarget; onClose: () => void };

/**
 * "Add correction" (docs/hygiene.md, "Corrections"): the service's note on one HACCP record. The
 * record is never edited; the note becomes a chained record of its own, shown under it, with the
 * author's name and the time — which the dialog says before anything is sent.
 */
export function CorrectionDialog({ serialNumber, target, onClose }: TProps) {
  const { t } = useTranslation();
  const add = useAddHaccpCorrection(serialNumber);
  const hint = t('haccp.correction.noteHint', { min: HACCP_CORRECTION_NOTE_MIN, max: HACCP_CORRECTION_NOTE_MAX });
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  // The server's own schema: the same limits, whichever side says no.
  const parsed = ZHaccpCorrectionRequest.safeParse({ correctsKind: target.kind, correctsId: target.id, note });
  // The limits are said once: under the label, or in red in its place once a note was refused.
  const refused = tried && !parsed.success;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!parsed.success) return;
    add.mutate(parsed.data, {
      onSuccess: () => {
        notify({ color: 'teal', message: t('haccp.correction.added') });
        onClose();
      },
    });
  };
  return (
    <Modal opened onClose={onClose} title={t('haccp.correction.title')} size={DIALOG_WIDTH} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" fw={600}>
            {target.name}
          </Text>
          <Text size="sm">{t('haccp.correction.explain')}</Text>
          <Textarea
            label={t('haccp.correction.note')}
            placeholder={t('haccp.correction.notePlaceholder')}
            description={refused ? undefined : hint}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            error={refused ? hint : undefined}
            maxLength={HACCP_CORRECTION_NOTE_MAX}
            autosize
            minRows={3}
            required
            data-autofocus
          />
          <FailureAlert message={add.isError ? apiErrorMessage(add.error, t, t('errors.tryAgainLater')) : null} />
          <FormModalActions onCancel={onClose} submitLabel={t('haccp.correction.save')} loading={add.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
