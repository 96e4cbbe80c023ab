import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SERVICE_PIN_PATTERN } from '@washboard/contracts';
import { serverErrorMessage } from '../../api/api-error-message';
import { Loading } from '../../../ui/Loading';
import { serviceSession } from '../api/service-session';
import { useServicePin } from '../hooks/use-service-pin';
import { PasswordField } from '../../../ui/PasswordField';

/** A PIN field: digits only, masked, no autofill. */
function PinField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  return (
    <PasswordField
      label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
      inputMode="numeric"
      autoComplete="off"
      maxLength={6}
      error={error}
    />
  );
}

/**
 * A new PIN, typed twice (4–6 digits), checked before `save` gets it: the form of setting a PIN
 * and of resetting it through the e-mailed link.
 */
function NewPinForm({
  title,
  hint,
  save,
  saving,
  error,
}: {
  title: string;
  hint?: string;
  save: (pin: string) => void;
  saving: boolean;
  error: Error | null;
}) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [problem, setProblem] = useState<string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!SERVICE_PIN_PATTERN.test(pin)) return setProblem(t('mobile.serviceMenu.pinFormat'));
    if (pin !== again) return setProblem(t('mobile.serviceMenu.pinMismatch'));
    setProblem(undefined);
    save(pin);
  };
  return (
    <Stack component="form" onSubmit={submit} gap="sm">
      <Title order={2} size="h3">
        {title}
      </Title>
      {hint && (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
      <PinField label={t('mobile.serviceMenu.newPin')} value={pin} onChange={setPin} />
      <PinField label={t('mobile.serviceMenu.confirmPin')} value={again} onChange={setAgain} error={problem} />
      {error && <Alert color="red">{serverErrorMessage(error, t)}</Alert>}
      <Button type="submit" loading={saving}>
        {t('mobile.serviceMenu.savePin')}
      </Button>
    </Stack>
  );
}

/** Sets a PIN (the first one, or a new one within a session). */
export function SetPinForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const { set } = useServicePin();
  return (
    <NewPinForm
      title={t('mobile.serviceMenu.setPinTitle')}
      hint={t('mobile.serviceMenu.setPinHint')}
      save={(pin) => set.mutate(pin, { onSuccess: onDone })}
      saving={set.isPending}
      error={set.error}
    />
  );
}

/** Asks for the PIN; a wrong one shows the server's translated "Wrong PIN" with the tries left. */
function EnterPinForm({ onOpened }: { onOpened: () => void }) {
  const { t } = useTranslation();
  const { open, forgot } = useServicePin();
  const [pin, setPin] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    open.mutate(pin, { onSuccess: onOpened, onSettled: () => setPin('') });
  };
  return (
    <Stack component="form" onSubmit={submit} gap="sm">
      <Title order={2} size="h3">
        {t('mobile.serviceMenu.enterPin')}
      </Title>
      <PinField
        label={t('mobile.serviceMenu.pin')}
        value={pin}
        onChange={setPin}
        error={open.error ? serverErrorMessage(open.error, t) : undefined}
      />
      <Button type="submit" loading={open.isPending} disabled={!SERVICE_PIN_PATTERN.test(pin)}>
        {t('mobile.serviceMenu.unlock')}
      </Button>
      <ForgotPin sent={forgot.isSuccess} onClick={() => forgot.mutate()} />
    </Stack>
  );
}

function ForgotPin({ sent, onClick }: { sent: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  if (sent) return <Alert color="blue">{t('mobile.serviceMenu.forgotPinSent')}</Alert>;
  return (
    <Anchor component="button" type="button" onClick={onClick} size="sm">
      {t('mobile.serviceMenu.forgotPin')}
    </Anchor>
  );
}

/**
 * The service menu's door (docs/service-menu.md): set a PIN first, then enter it; a locked PIN
 * offers only the e-mailed reset link. `children` shows while a service session is open.
 */
export function ServicePinGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { state, forgot } = useServicePin();
  const [, opened] = useState(0);
  if (state.isPending) return <Loading py="lg" />;
  if (state.error) return <Alert color="red">{serverErrorMessage(state.error, t)}</Alert>;
  if (serviceSession()) return children;
  if (!state.data.isSet) return <SetPinForm />;
  if (state.data.locked) {
    return (
      <Stack gap="sm">
        <Alert color="red" role="alert">
          {t('mobile.serviceMenu.locked')}
        </Alert>
        <ForgotPin sent={forgot.isSuccess} onClick={() => forgot.mutate()} />
      </Stack>
    );
  }
  return <EnterPinForm onOpened={() => opened((n) => n + 1)} />;
}

/** The e-mailed link's screen: a new PIN for the signed-in account, which lifts the lock. */
export function PinResetForm({ token, onDone }: { token: string; onDone?: () => void }) {
  const { t } = useTranslation();
  const { reset } = useServicePin();
  if (reset.isSuccess) return <Alert color="green">{t('mobile.serviceMenu.pinReset')}</Alert>;
  return (
    <NewPinForm
      title={t('mobile.serviceMenu.resetPinTitle')}
      save={(pin) => reset.mutate({ token, pin }, { onSuccess: onDone })}
      saving={reset.isPending}
      error={reset.error}
    />
  );
}
