import { useState, type FormEvent } from 'react';
import { Alert, Modal, Stack, TextInput } from '@mantine/core';
import { notify } from '../../../ui/notify';
import { IconAlertCircle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CLAIMING_CODE_PATTERN, SERIAL_NUMBER_PATTERN } from '@washboard/contracts';
import { ApiError } from '../../api/api-client';
import { DIALOG_WIDTH } from '../../../ui/dialog/dialog-context';
import { FormModalActions } from '../../../ui/dialog/FormModalActions';
import { useClaimDevice } from '../hooks/use-device-list';

type TErrors = Partial<Record<'activationCode' | 'applianceName' | 'serialNumber', string>>;

/** The error catalogue's answers to a failed Add Device (device-areas §8). */
function failureMessage(error: Error, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('errors.addDeviceFailed');
  if (error.code === 'ACTIVATION_CODE_INVALID') return t('apiErrors.ACTIVATION_CODE_INVALID');
  if (error.code === 'APPLIANCE_ALREADY_CLAIMED')
    return `${t('errors.addProductFailed')}: ${t('apiErrors.APPLIANCE_ALREADY_CLAIMED')}`;
  if (error.code === 'COMPANY_REQUIRED') return `${t('errors.addProductFailed')}: ${t('apiErrors.COMPANY_REQUIRED')}`;
  if (error.code === 'RATE_LIMITED') return t('apiErrors.RATE_LIMITED');
  if (error.code === 'NETWORK_ERROR') return t('apiErrors.NETWORK_ERROR');
  return t('errors.addDeviceFailed');
}

/** Add Device: activation code (shown on the machine display), appliance name ("My device") and serial number. */
export function AddDeviceDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const claim = useClaimDevice();
  const defaultName: string = t('devices.defaultName');
  const [activationCode, setActivationCode] = useState('');
  // Untouched (null), the name follows the interface language's "My device".
  const [typedName, setApplianceName] = useState<string | null>(null);
  const applianceName = typedName ?? defaultName;
  const [serialNumber, setSerialNumber] = useState('');
  const [errors, setErrors] = useState<TErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const reset = () => {
    setActivationCode('');
    setApplianceName(null);
    setSerialNumber('');
    setErrors({});
    setFailure(null);
    claim.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: TErrors = {};
    if (!CLAIMING_CODE_PATTERN.test(activationCode.trim())) found.activationCode = t('devices.addDevice.wrongCode');
    if (!applianceName.trim()) found.applianceName = t('validation.mandatory');
    if (!SERIAL_NUMBER_PATTERN.test(serialNumber.trim()))
      found.serialNumber = serialNumber.trim() ? t('devices.addDevice.wrongSerial') : t('validation.mandatory');
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    claim.mutate(
      { activationCode: activationCode.trim(), applianceName: applianceName.trim(), serialNumber: serialNumber.trim() },
      {
        onSuccess: () => {
          notify({ color: 'teal', message: t('success.deviceAdded') });
          close();
        },
        onError: (error) => setFailure(failureMessage(error, t)),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} size={DIALOG_WIDTH} centered title={t('devices.addDevice.title')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" data-testid="add-device-error">
              {failure}
            </Alert>
          )}
          <TextInput
            label={t('devices.addDevice.activationCode')}
            description={t('devices.addDevice.activationCodeHint')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            data-autofocus
            value={activationCode}
            error={errors.activationCode}
            onChange={(event) => setActivationCode(event.currentTarget.value.replace(/\D/g, ''))}
          />
          <TextInput
            label={t('devices.addDevice.applianceName')}
            maxLength={60}
            required
            value={applianceName}
            error={errors.applianceName}
            onChange={(event) => setApplianceName(event.currentTarget.value)}
          />
          <TextInput
            label={t('devices.addDevice.serialNumber')}
            maxLength={40}
            required
            autoCapitalize="characters"
            value={serialNumber}
            error={errors.serialNumber}
            onChange={(event) => setSerialNumber(event.currentTarget.value)}
          />
          <FormModalActions onCancel={close} submitLabel={t('devices.addDevice.submit')} loading={claim.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
