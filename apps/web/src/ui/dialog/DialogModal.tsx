import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTH, type TDialogOptions } from './dialog-context';

const icons = {
  success: { color: 'teal', Icon: IconCheck },
  error: { color: 'red', Icon: IconX },
  warning: { color: 'yellow', Icon: IconAlertTriangle },
} as const;

/** The shared dialog itself: one at a time, 580 px wide. */
export function DialogModal({
  options,
  close,
  onGoHome,
}: {
  options: TDialogOptions | null;
  close: () => void;
  onGoHome: () => void;
}) {
  const { t } = useTranslation();
  const mode = options?.mode ?? 'info';
  const { color, Icon } = icons[options?.kind ?? 'success'];
  const title =
    options?.title ??
    (mode === 'confirm'
      ? t('dialog.confirmTitle')
      : options?.kind === 'error'
        ? t('dialog.errorTitle')
        : t('dialog.successTitle'));

  const cancel = () => {
    close();
    options?.onCancel?.();
  };
  const confirm = () => {
    close();
    options?.onConfirm?.();
  };

  return (
    <Modal opened={options !== null} onClose={cancel} size={DIALOG_WIDTH} centered title={title} data-testid="dialog">
      <Stack gap="lg">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon color={color} radius="xl" size="lg" variant="light" aria-hidden>
            <Icon size={20} />
          </ThemeIcon>
          <Text style={{ whiteSpace: 'pre-line' }}>{options?.message}</Text>
        </Group>
        <Group justify="flex-end">
          {mode === 'confirm' && (
            <Button variant="default" onClick={cancel}>
              {options?.cancelLabel ?? t('common.cancel')}
            </Button>
          )}
          {mode === 'error' && (
            <Button
              variant="default"
              onClick={() => {
                close();
                onGoHome();
              }}
            >
              {t('common.goHome')}
            </Button>
          )}
          <Button color={mode === 'confirm' ? undefined : color} onClick={confirm} data-autofocus>
            {options?.confirmLabel ?? (mode === 'confirm' ? t('common.confirm') : t('common.ok'))}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
