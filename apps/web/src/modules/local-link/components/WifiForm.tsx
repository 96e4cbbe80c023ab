import { useState, type FormEvent } from 'react';
import { Alert, Button, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WIFI_SECURITIES, ZWifiCredentials, type TWifiSecurity } from '@washboard/contracts';
import { PasswordField } from '../../../ui/PasswordField';

export type TWifi = { ssid: string; security: TWifiSecurity; password: string };

/** The machine's Wi-Fi network, checked with the link's own schema before it is sent; `intro` says what for. */
export function WifiForm({ intro, onSend }: { intro: string; onSend: (wifi: TWifi) => void }) {
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
      <Text size="sm">{intro}</Text>
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
        <PasswordField
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
