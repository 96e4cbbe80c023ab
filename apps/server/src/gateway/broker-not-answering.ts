/**
 * The external broker did not confirm a device identity in time (Mosquitto saves its whole
 * dynamic-security file after every command, docs/administration.md). Whatever asked for it wrote
 * nothing; the API answers 504 BROKER_NOT_ANSWERING.
 */
export class BrokerNotAnswering extends Error {
  constructor() {
    super('the MQTT broker did not answer the dynamic-security request (is the plugin loaded?)');
    this.name = 'BrokerNotAnswering';
  }
}
