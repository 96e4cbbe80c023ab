import { deviceCatalogues, type TCycleField, type TParameterCode } from '@washboard/contracts';
import { DeviceScreen } from './device-screen';

/** The parameter editors (/device/{serialNumber}/parameters, /factory-parameters, /cycles). */
export class ParametersPage extends DeviceScreen {
  async goto(baseUrl: string, serialNumber: string, screen: 'parameters' | 'factory-parameters' | 'cycles'): Promise<void> {
    await this.page.goto(`${baseUrl}/device/${serialNumber}/${screen}`);
    await this.saveButton().waitFor();
  }

  /** The field of a coded parameter, by its label ("Temperatura del boiler in standby (S12)"). */
  field(code: TParameterCode) {
    return this.page.getByLabel(`${deviceCatalogues[this.lang].parameters[code].label} (${code})`, { exact: true });
  }

  cycleField(field: TCycleField) {
    return this.page.getByLabel(deviceCatalogues[this.lang].cycleFields[field].label, { exact: true });
  }

  cyclePicker() {
    return this.page.getByLabel(this.text.parameters.cycleEditor.selectCycle);
  }

  saveButton() {
    return this.page.getByRole('button', { name: this.text.parameters.save });
  }

  /** The bar holding Save and Discard, sticking to the bottom of the window. */
  saveBar() {
    return this.saveButton().locator('xpath=ancestor::*[@data-save-bar]');
  }

  /** The editor's text fields, in the order Tab visits them. */
  textFields() {
    return this.page.getByRole('main').getByRole('textbox');
  }

  discardButton() {
    return this.page.getByRole('button', { name: this.text.common.discardChanges });
  }

  valueNotAllowed() {
    return this.page.getByText(this.text.validation.valueNotAllowed, { exact: true });
  }
}
