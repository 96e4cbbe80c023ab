import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { productSecretsCsv } from '@washboard/contracts';
import { saveFile } from '../../../ui/save-file';

/**
 * A new product's device secret, shown this once: it is kept only in this component's state, so
 * leaving the tab (or pressing the button that says it was saved) drops it for good.
 */
export function DeviceSecretNotice({
  product,
  onDone,
}: {
  product: { serialNumber: string; modelNumber: string; deviceSecret: string };
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t('admin.addProduct.secretTitle', { serialNumber: product.serialNumber })}
      role="status"
      aria-label={t('admin.addProduct.secretTitle', { serialNumber: product.serialNumber })}
      styles={WRAPPING_ALERT}
    >
      <Stack gap="sm">
        <Text size="sm">{t('admin.addProduct.secretWarning')}</Text>
        <Code
          block
          data-testid="device-secret"
          style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', fontSize: 'var(--mantine-font-size-md)' }}
        >
          {product.deviceSecret}
        </Code>
        <Group gap="xs">
          <CopyButton value={product.deviceSecret}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                onClick={copy}
              >
                {copied ? t('admin.addProduct.copied') : t('admin.addProduct.copy')}
              </Button>
            )}
          </CopyButton>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => saveFile(productSecretsCsv([product]), `${product.serialNumber}-secret.csv`)}
          >
            {t('admin.addProduct.download')}
          </Button>
          <Button variant="subtle" onClick={onDone}>
            {t('admin.addProduct.done')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** An alert whose body may shrink below its content's width: on a phone its text and buttons wrap instead of overflowing. */
export const WRAPPING_ALERT = { body: { minWidth: 0 } };
/** A button whose label wraps on a narrow screen. */
export const WRAPPING_BUTTON = { h: 'auto', mih: 36, py: 6, styles: { label: { whiteSpace: 'normal' } } } as const;
