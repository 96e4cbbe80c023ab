/**
 * What the broker needs from the rest of the server: who a device is, and where its messages go.
 * The broker calls these; it knows nothing of the database.
 */
export type TDeviceLinkHandlers = {
  /** True when `secret` is the device secret of `serial`. */
  authenticate(serial: string, secret: string): Promise<boolean>;
  /**
   * A message a device published (or its last will). Resolves once the message is durably handled;
   * the broker acknowledges a QoS 1 message only then. Never rejects for bad content.
   */
  receive(topic: string, payload: Buffer): Promise<void>;
  /** The broker saw the device's connection end (with or without its last will). Embedded broker only. */
  disconnected?(serial: string): void;
  /** The device sent a PINGREQ: it is connected though it has nothing to say. Embedded broker only. */
  alive?(serial: string): void;
};
