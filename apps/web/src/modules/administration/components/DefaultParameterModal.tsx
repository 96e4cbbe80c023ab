import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TDefaultParameter, TParameter } from '@washboard/contracts';
import { DIALOG_WIDTH } from '../../../ui/dialog/dialog-context';
import { FailureAlert } from '../../../ui/dialog/FailureAlert';
import { FormModalActions } from '../../../ui/dialog/FormModalActions';
import { notify } from '../../../ui/notify';
import { apiErrorMessage } from '../../api/api-error-message';
import { ParameterField, useParameterValueText } from '../../parameters/components/ParameterField';
import { readField, shownText } from '../../parameters/parameter-form';
import type { TModelRef } from '../api/default-parameters-api';
import { useDefaultParameterWrite } from '../hooks/use-default-parameters';

/** The administration has no unit system of its own: defaults are shown and typed in metric units. */
const SYSTEM = 'metric';

type TProps = { model: TModelRef; param: TParameter; row: TDefaultParameter; onClose: () => void };

/**
 * Edits one value of a model's default list with the parameter editors' field (range hint, "Value
 * not allowed" as soon as the text is out of range); the server checks the bounds again.
 */
export function DefaultParameterModal({ model, param, row, onClose }: TProps) {
  const { t, i18n } = useTranslation();
  const valueText = useParameterValueText();
  const write = useDefaultParameterWrite(model);
  const [text, setText] = useState(() => shownText(param, row.value, SYSTEM, i18n.language));
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const send = (value: number | null) => {
    setFailure(null);
    write.mutate(
      { code: row.code, value },
      {
        onSuccess: () => {
          notify({
            color: 'teal',
            message: t(value === null ? 'admin.defaultParameters.resetDone' : 'admin.defaultParameters.saved'),
          });
          onClose();
        },
        onError: (error) => setFailure(apiErrorMessage(error, t, t('errors.tryAgainLater'))),
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    const reading = readField(param, text, SYSTEM, model.gamma);
    if (reading.ok) send(reading.raw);
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size={DIALOG_WIDTH}
      centered
      title={t('admin.defaultParameters.editTitle', { code: row.code })}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FailureAlert message={failure} />
          <ParameterField
            param={param}
            text={text}
            edited={touched}
            system={SYSTEM}
            gamma={model.gamma}
            onChange={(next) => {
              setText(next);
              setTouched(true);
            }}
          />
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {t('admin.defaultParameters.catalogueValue', {
                value: valueText(param, row.catalogueDefault, SYSTEM, model.gamma),
              })}
            </Text>
            {row.edited && (
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconRestore size={16} aria-hidden />}
                onClick={() => send(null)}
                disabled={write.isPending}
              >
                {t('admin.defaultParameters.resetToCatalogue')}
              </Button>
            )}
          </Group>
          <FormModalActions onCancel={onClose} submitLabel={t('common.save')} loading={write.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
