import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCameraOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { boardSerialFromQr } from '@washboard/contracts';

/** Why the camera cannot scan (each has its own message; the serial can always be typed instead). */
export type TCameraProblem = 'refused' | 'absent' | 'unsupported' | 'failed';

/** What getUserMedia threw, as the user can act on it. */
export function cameraProblem(error: unknown): TCameraProblem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'refused';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'absent';
    case 'TypeError':
      return 'unsupported';
    default:
      return 'failed';
  }
}

/** Frames are decoded at most this wide: enough for a board's QR code, light for a phone. */
const SCAN_WIDTH = 640;
const SCAN_EVERY_MS = 150;

/**
 * Scans the QR code of a new main board with the back camera: the camera's frames are drawn to a
 * canvas and decoded in JavaScript (jsQR, loaded only here: its own chunk), since most browsers have
 * no BarcodeDetector. Tells `onSerial` the board serial of the first code that is one; a code that is
 * not a board's says so and scanning goes on. A camera refused, absent or failing says so too.
 */
export function BoardQrScanner({ onSerial, onStop }: { onSerial: (boardSerial: string) => void; onStop: () => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const found = useRef(onSerial);
  useEffect(() => {
    found.current = onSerial;
  }, [onSerial]);
  const [problem, setProblem] = useState<TCameraProblem>();
  const [notBoard, setNotBoard] = useState(false);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setProblem('unsupported');
        return;
      }
      try {
        const [camera, decoder] = await Promise.all([
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
          import('jsqr'),
        ]);
        stream = camera;
        const element = video.current;
        if (stopped || !element) return;
        element.srcObject = camera;
        await element.play();
        const canvas = document.createElement('canvas');
        const context = canvas.getContext('2d', { willReadFrequently: true });
        const scan = () => {
          if (stopped) return;
          if (context && element.videoWidth > 0) {
            const scale = Math.min(1, SCAN_WIDTH / element.videoWidth);
            canvas.width = Math.round(element.videoWidth * scale);
            canvas.height = Math.round(element.videoHeight * scale);
            context.drawImage(element, 0, 0, canvas.width, canvas.height);
            const image = context.getImageData(0, 0, canvas.width, canvas.height);
            const code = decoder.default(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' });
            if (code) {
              const serial = boardSerialFromQr(code.data);
              if (serial) {
                found.current(serial);
                return;
              }
              setNotBoard(true);
            }
          }
          timer = setTimeout(scan, SCAN_EVERY_MS);
        };
        scan();
      } catch (error) {
        if (!stopped) setProblem(cameraProblem(error));
      }
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  if (problem) {
    return (
      <Alert
        color="orange"
        variant="light"
        icon={<IconCameraOff size={18} aria-hidden />}
        role="alert"
        data-testid="camera-problem"
      >
        {t(`mobile.link.board.camera.${problem}`)}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm">{t('mobile.link.board.scanning')}</Text>
      <video
        ref={video}
        muted
        playsInline
        aria-label={t('mobile.link.board.scan')}
        style={{ width: '100%', maxHeight: '50vh', borderRadius: 8, background: 'black', objectFit: 'cover' }}
      />
      {notBoard && (
        <Alert color="orange" variant="light" role="alert">
          {t('mobile.link.board.notBoard')}
        </Alert>
      )}
      <Button variant="default" onClick={onStop}>
        {t('mobile.link.board.stopScan')}
      </Button>
    </Stack>
  );
}
