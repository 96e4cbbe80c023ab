import { LANGUAGE_NAMES } from '../languages';
import type { TDeviceCatalogue } from './catalogue';

/** Spanish texts of the `device` namespace. */
export const deviceEs = {
  severities: {
    low: 'Baja',
    medium: 'Media',
    high: 'Alta',
  },

  alarms: {
    AN01: 'Sonda de temperatura del calderín abierta: la lectura está por debajo del rango de medida (sonda desconectada o cable roto)',
    AN02: 'Sonda de temperatura del calderín en cortocircuito: la lectura está por encima del rango de medida',
    AN03: 'Sonda de temperatura de la cuba abierta: la lectura está por debajo del rango de medida (sonda desconectada o cable roto)',
    AN04: 'Sonda de temperatura de la cuba en cortocircuito: la lectura está por encima del rango de medida',
    AN05: 'Sonda de temperatura del agua de entrada averiada (abierta o en cortocircuito): no se mide la temperatura del agua de entrada',
    AN06: 'Sonda de temperatura del recuperador de energía (CRC) averiada (abierta o en cortocircuito): la recuperación de energía está desactivada',
    AN07: 'Señal del sensor de nivel del calderín fuera de rango: no se puede medir el nivel de agua del calderín',
    AN08: 'Señal del sensor de nivel de la cuba fuera de rango: no se puede medir el nivel de agua de la cuba',
    AN09: 'Señal del sensor de nivel del depósito de desconexión fuera de rango: no se puede medir el nivel de agua del depósito',
    AN10: 'Calibración del sensor de nivel del calderín no válida: los puntos vacío y lleno (SB1, SB2) faltan o están demasiado próximos',
    AN11: 'Calibración del sensor de nivel de la cuba no válida: los puntos vacío y lleno (SV1, SV2) faltan o están demasiado próximos',
    AN12: 'Calibración del sensor de nivel del depósito de desconexión no válida: los puntos vacío y lleno (ST1, ST2) faltan o están demasiado próximos',
    AN13: 'Alimentación de los sensores o tensión de referencia analógica de la placa de control fuera de rango: ninguna lectura analógica es fiable',
    CM01: 'Sin comunicación entre la placa de control y la placa de la pantalla',
    CM02: 'Sin comunicación entre la placa de control y la placa de potencia (relés)',
    CM03: 'Sin comunicación entre la placa de control y el módulo de conectividad: la máquina no es accesible a distancia',
    CM04: 'El módulo de conectividad no llega al servicio en la nube: red wifi o conexión a internet perdida',
    FB01: 'Bomba de lavado: sin confirmación estando encendida (la bomba no gira o su circuito está abierto)',
    FB02: 'Bomba de lavado: confirmación presente estando apagada (la bomba sigue girando: relé pegado)',
    FB03: 'Bomba de aclarado (booster): sin confirmación estando encendida (la bomba no gira o su circuito está abierto)',
    FB04: 'Bomba de aclarado (booster): confirmación presente estando apagada (la bomba sigue girando: relé pegado)',
    FB05: 'Bomba de desagüe: sin confirmación estando encendida (la bomba no gira o su circuito está abierto)',
    FB06: 'Bomba de desagüe: confirmación presente estando apagada (la bomba sigue girando: relé pegado)',
    FB07: 'Electroválvula de llenado: sin confirmación estando encendida (la bobina no recibe tensión o está abierta)',
    FB08: 'Electroválvula de llenado: confirmación presente estando apagada (la válvula sigue con tensión: sigue entrando agua)',
    FB09: 'Resistencia del calderín: sin confirmación estando encendida (el contactor no cierra o la resistencia está abierta)',
    FB10: 'Resistencia del calderín: confirmación presente estando apagada (contactor pegado: el calderín sigue calentando)',
    FB11: 'Resistencia de la cuba: sin confirmación estando encendida (el contactor no cierra o la resistencia está abierta)',
    FB12: 'Resistencia de la cuba: confirmación presente estando apagada (contactor pegado: la cuba sigue calentando)',
    FB13: 'Bomba dosificadora de detergente: sin confirmación estando encendida (la bomba no gira)',
    FB14: 'Bomba dosificadora de detergente: confirmación presente estando apagada (la bomba sigue dosificando)',
    FB15: 'Bomba dosificadora de abrillantador: sin confirmación estando encendida (la bomba no gira)',
    FB16: 'Bomba dosificadora de abrillantador: confirmación presente estando apagada (la bomba sigue dosificando)',
    FB17: 'Ventilador: sin confirmación estando encendido (el ventilador no gira)',
    FB18: 'Ventilador: confirmación presente estando apagado (el ventilador sigue girando)',
    FB19: 'Válvula de agua del recuperador de energía (CRC): sin confirmación estando encendida',
    FB20: 'Válvula de agua del recuperador de energía (CRC): confirmación presente estando apagada (sigue pasando agua por el intercambiador)',
    FB21: 'Válvula de regeneración (salmuera): sin confirmación estando encendida',
    FB22: 'Válvula de regeneración (salmuera): confirmación presente estando apagada (la salmuera puede llegar al agua de lavado)',
    FB23: 'Contactor de línea: sin confirmación estando encendido (la sección de potencia no recibe alimentación)',
    FB24: 'Contactor de línea: confirmación presente estando apagado (contactor pegado)',
    FB25: 'Resistencia del calderín, segunda etapa: sin confirmación estando encendida (el contactor no cierra o la resistencia está abierta)',
    FB26: 'Resistencia del calderín, segunda etapa: confirmación presente estando apagada (contactor pegado)',
    FB27: 'Resistencia de la cuba, segunda etapa: sin confirmación estando encendida (el contactor no cierra o la resistencia está abierta)',
    FB28: 'Resistencia de la cuba, segunda etapa: confirmación presente estando apagada (contactor pegado)',
    FB29: 'Relé de seguridad de la calefacción: sin confirmación estando encendido (las resistencias no pueden recibir alimentación)',
    FB30: 'Relé de seguridad de la calefacción: confirmación presente estando apagado (las resistencias no se desconectan cuando deberían)',
    HW01: 'No se puede leer ni escribir la memoria de parámetros (EEPROM) de la placa de control',
    HW02: 'El reloj de la placa de control ha perdido la fecha y la hora: los registros HACCP quedan con horas erróneas',
    HW03: 'Tensión de alimentación demasiado baja para la tensión nominal (S34): las resistencias y las bombas pueden no funcionar bien',
    HW04: 'Tensión de alimentación demasiado alta para la tensión nominal (S34)',
    HW05: 'Frecuencia de red no detectada o distinta del ajuste (S35)',
    HW06: 'Falta una fase de la alimentación trifásica',
    HW07: 'Temperatura de la placa de control demasiado alta',
    HW08: 'Una tecla de la pantalla ha estado pulsada demasiado tiempo (tecla bloqueada)',
    HW09: 'Los interruptores de seguridad de la puerta (capota) no coinciden: uno indica la puerta cerrada y el otro abierta',
    HW10: 'La placa de control no detecta el módulo de conectividad',
    OH01: 'Sobretemperatura del calderín: el calderín supera los 105 °C (221 °F)',
    OH02: 'Sobretemperatura de la cuba: la cuba supera los 105 °C (221 °F)',
    P01: 'Parámetros dañados (error de suma de comprobación): la máquina no puede usar sus parámetros',
    P02: 'Un parámetro guardado está fuera de su rango permitido',
    P03: 'Las versiones de firmware de la placa de control y de la placa de la pantalla no son compatibles',
    P04: 'Falló la actualización del firmware: el nuevo firmware no superó la verificación y se mantuvo la versión anterior',
    P05: 'Los parámetros no corresponden a este modelo o gama',
    P06: 'Falta la configuración de fábrica: número de modelo y gama sin definir',
    P07: 'El firmware del módulo de conectividad no es compatible con el firmware de la placa de control',
    T01: 'Tiempo máximo de llenado de la cuba superado: la cuba no alcanzó su nivel de trabajo en el tiempo fijado en S14',
    T02: 'Tiempo máximo de llenado del calderín superado: el calderín no se llenó en el tiempo fijado en S15',
    T03: 'Tiempo máximo de llenado del depósito de desconexión superado: el depósito no se llenó en el tiempo fijado en S16',
    T04: 'Tiempo máximo de calentamiento de la cuba superado: la cuba no alcanzó su consigna en el tiempo fijado en S18',
    T05: 'Tiempo máximo de calentamiento del calderín superado: el calderín no alcanzó su consigna en el tiempo fijado en S17',
    T06: 'Tiempo máximo de desagüe superado: la cuba no quedó vacía en el tiempo fijado en S19',
    T07: 'Tiempo máximo de aclarado superado: no se suministró el volumen de aclarado dentro del tiempo de aclarado del ciclo',
    T08: 'Tiempo máximo de recuperación del nivel de la cuba superado: tras el aclarado la cuba no volvió a su nivel de trabajo en el tiempo fijado en S21',
    T09: 'Tiempo máximo de cebado del detergente superado: tras cambiar el bidón, el detergente no llegó a la máquina',
    T10: 'Tiempo máximo de cebado del abrillantador superado: tras cambiar el bidón, el abrillantador no llegó a la máquina',
    T11: 'Regeneración: aspiración de la salmuera no terminada en el tiempo fijado en r5',
    T12: 'Regeneración: enjuague de las resinas no terminado en el tiempo fijado en r6',
    T13: 'Duración máxima del ciclo superada (S23): el ciclo se ha detenido',
    T14: 'Fase de recuperación de energía (CRC) no terminada en el tiempo fijado en S27',
    T15: 'Autolavado (autolimpieza) no terminado dentro de su duración máxima',
    T16: 'Tiempo máximo de pausa superado: la pausa entre lavado y aclarado duró más que el tiempo fijado en S22, porque el calderín no alcanzó la temperatura o el nivel de aclarado',
    T17: 'Puerta abierta demasiado tiempo: durante un ciclo la puerta (capota) estuvo abierta más que el tiempo fijado en S24 y el ciclo se detuvo',
    TH01: 'Disparo del termostato de seguridad del calderín: el calentamiento del calderín está cortado',
    TH02: 'Disparo del termostato de seguridad de la cuba: el calentamiento de la cuba está cortado',
    W01: 'Mantenimiento periódico pendiente: se ha alcanzado el número de ciclos fijado en S43',
    W02: 'Cambiar el agua de la cuba: los ciclos o las horas desde el último vaciado superan S41 o S42',
    W03: 'Nivel de detergente bajo',
    W04: 'Nivel de abrillantador bajo',
    W05: 'Nivel de sal bajo en el descalcificador',
    W06: 'Regeneración del descalcificador pendiente',
    W07: 'Avería del caudalímetro: ningún impulso del caudalímetro durante el aclarado, por lo que no se mide el volumen de aclarado',
    W08: 'Temperatura de aclarado por debajo del mínimo (S2) durante el aclarado: la higienización no está garantizada',
    W09: 'Filtro fuera de su sitio',
    OL01: 'Inundación: se ha detectado agua en la base de la máquina',
    OL02: 'Cuba inundada: el nivel de la cuba está por encima del rebosadero',
    A1: 'Ciclo no completado',
    A2: 'Sobrecalentamiento del calderín: el calderín debe bajar de 102 °C (215 °F)',
    A3: 'Sonda de temperatura desconectada',
    A4: 'Tiempo máximo de llenado superado',
    A5: 'Tiempo máximo de calentamiento del calderín superado',
    A6: 'Tiempo máximo de desagüe superado',
    A9: 'Aviso de regeneración: el descalcificador necesita una regeneración',
    A10: 'Aviso de cuba llena: la cuba se ha llenado',
    H1: 'Temperatura del agua de aclarado insuficiente',
    H2: 'Falta de agua',
    H3: 'Temperatura del agua de lavado insuficiente',
    F1: 'Puerta abierta',
    F2: 'Llenado inicial de la cuba en curso',
    F3: 'Corregir la posición del filtro',
    F4: 'Falta sal',
    F5: 'Nivel de productos químicos insuficiente (detergente o abrillantador)',
  },

  solutions: {
    restartMachine: 'Apagar y volver a encender la máquina; si la alarma vuelve, llamar a la asistencia técnica',
    callService: 'Llamar a la asistencia técnica',
    checkAlarmRegister: 'Buscar en el registro de alarmas la alarma que interrumpió el ciclo y resolver esa primero',
    restartCycle: 'Iniciar de nuevo el ciclo para volver a lavar la carga',
    checkProbeWiring:
      'Revisar el cableado de la sonda y su conector en la placa de control (contactos flojos, oxidados o dañados)',
    checkProbeResistance:
      'Desconectar la sonda y medir su resistencia; compararla con la tabla de temperaturas del manual técnico',
    replaceProbe: 'Sustituir la sonda de temperatura averiada',
    replaceBoilerProbe: 'Sustituir la sonda de temperatura del calderín',
    replaceTankProbe: 'Sustituir la sonda de temperatura de la cuba',
    replaceInletProbe: 'Sustituir la sonda de temperatura del agua de entrada',
    replaceCrcProbe: 'Sustituir la sonda de temperatura del recuperador de energía (CRC)',
    checkLevelSensorWiring: 'Revisar el cableado del sensor de nivel y su alimentación de 5 V en la placa de control',
    checkLevelHose:
      'Revisar el tubo de aire del sensor de nivel: conectado, sin dobleces y libre de agua, cal y restos de comida',
    calibrateBoilerLevel: 'Repetir la calibración del nivel del calderín (SB1 vacío, SB2 lleno)',
    calibrateTankLevel: 'Repetir la calibración del nivel de la cuba (SV1 vacío, SV2 lleno)',
    calibrateBreakTankLevel: 'Repetir la calibración del nivel del depósito de desconexión (ST1 vacío, ST2 lleno)',
    replaceLevelSensor: 'Sustituir el sensor de nivel',
    checkBoardSupply: 'Revisar la alimentación de baja tensión de la placa de control: transformador, fusible y conector',
    replaceControlBoard: 'Sustituir la placa de control',
    checkDisplayCable: 'Revisar el cable y los conectores entre la placa de control y la placa de la pantalla',
    replaceDisplayBoard: 'Sustituir la placa de la pantalla',
    checkPowerBoardCable: 'Revisar el cable y los conectores entre la placa de control y la placa de potencia (relés)',
    replacePowerBoard: 'Sustituir la placa de potencia (relés)',
    checkModuleCable: 'Revisar el cable y los conectores entre la placa de control y el módulo de conectividad',
    replaceConnectivityModule: 'Sustituir el módulo de conectividad',
    checkWifi: 'Revisar la señal wifi en la máquina y el nombre y la contraseña de la red guardados en ella',
    checkInternet:
      'Comprobar que el router está encendido y conectado a internet y que su cortafuegos deja a la máquina llegar al servicio en la nube',
    checkActuatorWiring: 'Revisar el cableado entre la placa de potencia y el componente indicado en la alarma',
    checkMotorProtection: 'Revisar el fusible o la protección térmica del componente y rearmarla si ha saltado',
    checkPumpFree: 'Comprobar que el rodete de la bomba gira libremente y no está bloqueado por restos o cristales rotos',
    measureValveCoil:
      'Medir la resistencia de la bobina de la electroválvula; sustituir la válvula si la bobina está abierta o en cortocircuito',
    measureHeater:
      'Medir la resistencia y el aislamiento del elemento calefactor; sustituirlo si está abierto o tiene fuga a tierra',
    checkContactor:
      'Revisar el contactor de las resistencias: bobina, contactos principales y contacto auxiliar (de confirmación)',
    checkChemicalPump: 'Revisar la bomba dosificadora: tubo gastado o roto, rodillo bloqueado, motor parado',
    checkFan: 'Comprobar que el ventilador no está obstruido y que sus aspas giran libremente',
    isolateMachine:
      'Apagar la máquina con el interruptor de pared: un relé o un contactor puede estar pegado y mantener el componente en marcha',
    closeWaterTap: 'Cerrar el grifo de entrada de agua',
    replaceComponent: 'Sustituir el componente averiado',
    checkSupplyVoltage:
      'Medir la tensión de alimentación en la regleta de bornes y compararla con la placa de características y con S34',
    checkPhases:
      'Revisar las tres fases y el neutro en la regleta de bornes, los fusibles generales y el apriete del cable de alimentación',
    checkMainsFrequency: 'Comprobar que S35 coincide con la frecuencia de la red (50 o 60 Hz)',
    checkVentilation:
      'Comprobar que el compartimento eléctrico está ventilado y que la placa de control está lejos del vapor y del calor',
    setDateTime: 'Ajustar la fecha y la hora en la máquina, o conectarla a la red para que el reloj se sincronice',
    checkKeypad: 'Comprobar que ninguna tecla de la pantalla está pulsada o bloqueada y que el teclado está seco',
    checkDoorSwitch: 'Revisar los microinterruptores de la puerta (capota), su ajuste y su cableado',
    waitCoolDown: 'Esperar a que la temperatura baje de 102 °C (215 °F)',
    checkSafetyThermostat: 'Comprobar si ha saltado el termostato de seguridad; encontrar la causa antes de rearmarlo',
    resetSafetyThermostat:
      'Cuando la temperatura haya bajado, rearmar a mano el termostato de seguridad (solo personal de asistencia)',
    checkSetpoints: 'Revisar las consignas de calderín y cuba del ciclo y las temperaturas mínimas S2 y S3',
    waitHeating: 'Esperar a que la máquina alcance la temperatura de trabajo antes de iniciar un ciclo',
    restoreDefaults: 'Restablecer los valores predefinidos y volver a introducir los valores propios',
    checkParameterTable: 'Comparar los valores de los parámetros con los rangos permitidos de la tabla de parámetros',
    updateFirmware: 'Actualizar el firmware de todas las placas a la última versión publicada',
    retryFirmwareUpdate: 'Iniciar de nuevo la actualización del firmware y no apagar la máquina hasta que termine',
    setModelConfiguration: 'Definir el número de modelo y la gama en la configuración de fábrica',
    openWaterTap:
      'Comprobar que el grifo de agua está abierto y que la presión de alimentación está dentro de los límites del manual de instalación',
    cleanInletFilter: 'Limpiar el filtro de la electroválvula de entrada de agua',
    checkOverflowPipe: 'Comprobar que el tubo rebosadero está en su sitio y cierra bien en la cuba',
    checkDrainHose:
      'Comprobar que el tubo de desagüe no está doblado ni obstruido y que la altura de desagüe está dentro del límite',
    cleanDrainPump: 'Limpiar la bomba de desagüe y su filtro',
    checkRinseArms: 'Limpiar los brazos y las boquillas de aclarado y descalcificarlos si hace falta',
    checkRinsePump: 'Revisar la bomba de aclarado (booster) y el nivel de agua del depósito de desconexión',
    checkFillValveClosing: 'Comprobar que la electroválvula de llenado cierra del todo cuando está apagada',
    findLeak:
      'Apagar la máquina, cerrar el grifo de agua y buscar la fuga: tubos, juntas de las bombas, racores de la cuba y del calderín',
    dryBasePan: 'Secar la base de la máquina y el sensor de inundación antes de volver a encenderla',
    waitTankLoading: 'Esperar a que termine el llenado inicial de la cuba',
    checkFlowmeterWiring: 'Revisar el cableado y el conector del caudalímetro',
    disableFlowmeter: 'Poner FM1 a 0 y S25 al caudal de aclarado estimado',
    replaceFlowmeter: 'Sustituir el caudalímetro',
    refillDetergent: 'Cambiar o rellenar el bidón de detergente',
    refillRinseAid: 'Cambiar o rellenar el bidón de abrillantador',
    checkSuctionHose: 'Revisar la lanza de aspiración: debe llegar al fondo del bidón y el tubo no debe aspirar aire',
    cleanChemicalLevelProbe: 'Limpiar la sonda de nivel de la lanza de aspiración',
    fillSalt: 'Llenar el depósito de sal con sal gruesa para lavavajillas',
    startRegeneration: 'Iniciar un ciclo de regeneración',
    checkBrineHose: 'Revisar el tubo de salmuera y la válvula de regeneración',
    closeDoor: 'Cerrar la puerta (capota)',
    positionFilter: 'Colocar bien el filtro en su alojamiento',
    cleanFilters: 'Quitar, limpiar y volver a colocar los filtros de la cuba',
    changeTankWater: 'Vaciar la cuba y llenarla con agua limpia',
    scheduleMaintenance: 'Concertar el mantenimiento periódico con la asistencia técnica',
    cleanCrcExchanger: 'Limpiar el intercambiador del recuperador de energía (CRC) y su filtro',
  },

  parameterGroups: {
    temperatures: 'Temperaturas',
    times: 'Tiempos',
    water: 'Agua e hidráulica',
    chemicals: 'Detergente y abrillantador',
    energy: 'Ahorro de energía',
    softener: 'Descalcificador',
    maintenance: 'Higiene y mantenimiento',
    hardware: 'Instalación eléctrica y componentes',
    calibration: 'Calibración de sensores',
    general: 'Pantalla y control remoto',
  },

  parameters: {
    S2: {
      label: 'Temperatura mínima de aclarado',
      description:
        'El aclarado empieza solo cuando el calderín ha alcanzado esta temperatura (termostop). No superar la consigna de calderín más baja de los ciclos.',
    },
    S3: {
      label: 'Temperatura mínima de lavado',
      description: 'El lavado empieza solo cuando la cuba ha alcanzado esta temperatura.',
    },
    S6: {
      label: 'Histéresis del calderín',
      description:
        'La resistencia del calderín vuelve a encenderse cuando el calderín baja este valor por debajo de su consigna.',
    },
    S9: {
      label: 'Histéresis de la cuba',
      description: 'La resistencia de la cuba vuelve a encenderse cuando la cuba baja este valor por debajo de su consigna.',
    },
    S10: {
      label: 'Corrección de la sonda del calderín',
      description: 'Corrección sumada a la lectura de la sonda del calderín, tras compararla con un termómetro de referencia.',
    },
    S11: {
      label: 'Corrección de la sonda de la cuba',
      description: 'Corrección sumada a la lectura de la sonda de la cuba, tras compararla con un termómetro de referencia.',
    },
    S12: {
      label: 'Temperatura del calderín en espera',
      description: 'Consigna del calderín mientras la máquina está en espera.',
    },
    S13: {
      label: 'Temperatura de la cuba en espera',
      description: 'Consigna de la cuba mientras la máquina está en espera.',
    },
    S14: {
      label: 'Tiempo máximo de llenado de la cuba',
      description: 'Tiempo máximo para llenar la cuba hasta su nivel de trabajo (alarma T01).',
    },
    S15: {
      label: 'Tiempo máximo de llenado del calderín',
      description: 'Tiempo máximo para llenar el calderín (alarma T02).',
    },
    S16: {
      label: 'Tiempo máximo de llenado del depósito de desconexión',
      description: 'Tiempo máximo para llenar el depósito de desconexión (alarma T03).',
    },
    S17: {
      label: 'Tiempo máximo de calentamiento del calderín',
      description: 'Tiempo máximo para que el calderín alcance su consigna partiendo de frío (alarma T05).',
    },
    S18: {
      label: 'Tiempo máximo de calentamiento de la cuba',
      description: 'Tiempo máximo para que la cuba alcance su consigna partiendo de fría (alarma T04).',
    },
    S19: {
      label: 'Tiempo máximo de desagüe',
      description: 'Tiempo máximo para vaciar la cuba (alarma T06).',
    },
    S20: {
      label: 'Tiempo de desagüe',
      description: 'Cuánto tiempo funciona la bomba de desagüe cuando se vacía la cuba al final del día o con un vaciado manual.',
    },
    S21: {
      label: 'Tiempo de recuperación del nivel de la cuba',
      description: 'Tiempo concedido para devolver la cuba a su nivel de trabajo tras cada aclarado (alarma T08).',
    },
    S22: {
      label: 'Pausa máxima',
      description: 'Pausa más larga entre lavado y aclarado mientras se espera al calderín (alarma T16).',
    },
    S23: {
      label: 'Duración máxima del ciclo',
      description: 'Un ciclo que siga en marcha pasado este tiempo se detiene (alarma T13).',
    },
    S24: {
      label: 'Apertura máxima de la puerta durante un ciclo',
      description: 'Un ciclo cuya puerta (capota) quede abierta más tiempo se detiene (alarma T17).',
    },
    S25: {
      label: 'Caudal de aclarado estimado',
      description: 'Caudal usado para calcular la duración del aclarado cuando no hay caudalímetro (FM1 = 0).',
    },
    S26: {
      label: 'Recuperador de energía (CRC) instalado',
      description: 'La máquina tiene el recuperador que precalienta el agua de entrada con el vapor del lavado.',
    },
    S27: {
      label: 'Tiempo del recuperador de energía (CRC)',
      description: 'Duración de la fase de recuperación de energía al final de cada ciclo; 0 la desactiva.',
    },
    S28: {
      label: 'Tiempo hasta la espera',
      description:
        'Tiempo de inactividad tras el cual la máquina pasa a espera y mantiene las temperaturas de espera; 0 = nunca.',
    },
    S29: {
      label: 'Intervalo de ahorro de energía',
      description: 'Tiempo en espera tras el cual las resistencias se apagan por completo; 0 = nunca.',
    },
    S30: {
      label: 'Prioridad del calderín',
      description:
        'La resistencia de la cuba se mantiene apagada mientras el calderín calienta, para que nunca consuman potencia a la vez.',
    },
    S31: {
      label: 'Límite de potencia',
      description:
        'Potencia total de calentamiento máxima que puede absorber la máquina; las etapas de las resistencias se conectan sin superarla.',
    },
    S32: {
      label: 'Potencia de las resistencias del calderín',
      description: 'Potencia nominal de las resistencias del calderín, usada para las estadísticas de consumo.',
    },
    S33: {
      label: 'Potencia de las resistencias de la cuba',
      description: 'Potencia nominal de las resistencias de la cuba, usada para las estadísticas de consumo.',
    },
    S34: {
      label: 'Tensión nominal de alimentación',
      description:
        'Tensión de alimentación de la instalación, según la placa de características; las alarmas de alimentación (HW03, HW04) se miden respecto a ella.',
    },
    S35: {
      label: 'Frecuencia de red',
      description: 'Frecuencia de la red de alimentación (alarma HW05).',
    },
    S36: {
      label: 'Bomba de aclarado instalada',
      description: 'El agua de aclarado la impulsa una bomba booster en lugar de la presión de red.',
    },
    S37: {
      label: 'Bomba de desagüe instalada',
      description: 'La cuba se vacía con una bomba de desagüe en lugar de por gravedad.',
    },
    S38: {
      label: 'Depósito de desconexión instalado',
      description: 'El agua de entrada pasa por un depósito de desconexión (air gap) antes del calderín.',
    },
    S39: {
      label: 'Control del filtro',
      description: 'Un sensor comprueba que el filtro de la cuba está en su sitio antes de iniciar un ciclo.',
    },
    S40: {
      label: 'Alimentación de agua',
      description: 'Si la máquina está conectada a agua fría o caliente; cambia los tiempos de calentamiento esperados.',
    },
    S41: {
      label: 'Ciclos desde el último vaciado',
      description: 'Tras este número de ciclos sin vaciar, la máquina pide cambiar el agua de la cuba; 0 = desactivado.',
    },
    S42: {
      label: 'Horas desde el último vaciado',
      description: 'Tras este tiempo sin vaciar, la máquina pide cambiar el agua de la cuba; 0 = desactivado.',
    },
    S43: {
      label: 'Intervalo de mantenimiento',
      description: 'Ciclos entre dos mantenimientos periódicos (aviso W01); 0 = desactivado.',
    },
    S44: {
      label: 'Sensor de nivel de detergente',
      description: 'La lanza de aspiración del detergente tiene un sensor de nivel que avisa cuando el bidón está casi vacío.',
    },
    S45: {
      label: 'Sensor de nivel de abrillantador',
      description: 'La lanza de aspiración del abrillantador tiene un sensor de nivel que avisa cuando el bidón está casi vacío.',
    },
    S46: {
      label: 'Concentración inicial de detergente',
      description: 'Concentración de detergente dosificada cuando la cuba se llena con agua limpia.',
    },
    S47: {
      label: 'Sistema de unidades',
      description: 'Unidades que muestra la pantalla de la máquina.',
    },
    S48: {
      label: 'Formato de hora',
      description: 'Formato del reloj en la pantalla de la máquina.',
    },
    S49: {
      label: 'Idioma de la máquina',
      description: 'Idioma de la pantalla de la máquina.',
    },
    S50: {
      label: 'Control remoto permitido',
      description: 'Los ciclos pueden iniciarse y detenerse desde el panel y la aplicación.',
    },
    d1: {
      label: 'Densidad del detergente',
      description: 'Densidad del detergente en uso, para convertir la dosificación en volumen bombeado.',
    },
    d2: {
      label: 'Densidad del abrillantador',
      description: 'Densidad del abrillantador en uso, para convertir la dosificación en volumen bombeado.',
    },
    d3: {
      label: 'Volumen de cebado del detergente',
      description: 'Volumen bombeado para llenar el tubo del detergente tras cambiar el bidón.',
    },
    d4: {
      label: 'Volumen de cebado del abrillantador',
      description: 'Volumen bombeado para llenar el tubo del abrillantador tras cambiar el bidón.',
    },
    r3: {
      label: 'Dureza del agua de entrada',
      description:
        'Dureza del agua de entrada expresada como carbonato cálcico; determina cada cuánto se regenera el descalcificador.',
    },
    r4: {
      label: 'Intervalo de regeneración',
      description: 'Ciclos entre dos regeneraciones del descalcificador; 0 = calculado a partir de la dureza del agua.',
    },
    r5: {
      label: 'Tiempo de aspiración de salmuera',
      description: 'Tiempo para hacer pasar la salmuera por las resinas durante una regeneración (alarma T11).',
    },
    r6: {
      label: 'Tiempo de enjuague de resinas',
      description: 'Tiempo para enjuagar la sal de las resinas tras la aspiración de salmuera (alarma T12).',
    },
    SB1: {
      label: 'Nivel del calderín: punto vacío',
      description: 'Lectura del sensor de nivel con el calderín vacío.',
    },
    SB2: {
      label: 'Nivel del calderín: punto lleno',
      description: 'Lectura del sensor de nivel con el calderín lleno (volumen SB3).',
    },
    SB3: {
      label: 'Volumen del calderín en el punto lleno',
      description: 'Agua en el calderín cuando el sensor lee el punto lleno.',
    },
    SB4: {
      label: 'Nivel de trabajo del calderín',
      description: 'Nivel hasta el que se llena el calderín.',
    },
    SB5: {
      label: 'Nivel mínimo del calderín',
      description: 'Por debajo de este nivel la resistencia del calderín se apaga para protegerla.',
    },
    SV1: {
      label: 'Nivel de la cuba: punto vacío',
      description: 'Lectura del sensor de nivel con la cuba vacía.',
    },
    SV2: {
      label: 'Nivel de la cuba: punto lleno',
      description: 'Lectura del sensor de nivel con la cuba llena (volumen SV3).',
    },
    SV3: {
      label: 'Volumen de la cuba en el punto lleno',
      description: 'Agua en la cuba cuando el sensor lee el punto lleno.',
    },
    SV4: {
      label: 'Nivel de trabajo de la cuba',
      description: 'Nivel hasta el que se llena y se repone la cuba.',
    },
    SV5: {
      label: 'Nivel mínimo de la cuba',
      description: 'Por debajo de este nivel la resistencia de la cuba y la bomba de lavado se detienen para protegerlas.',
    },
    ST1: {
      label: 'Nivel del depósito de desconexión: punto vacío',
      description: 'Lectura del sensor de nivel con el depósito de desconexión vacío.',
    },
    ST2: {
      label: 'Nivel del depósito de desconexión: punto lleno',
      description: 'Lectura del sensor de nivel con el depósito de desconexión lleno (volumen ST3).',
    },
    ST3: {
      label: 'Volumen del depósito de desconexión en el punto lleno',
      description: 'Agua en el depósito de desconexión cuando el sensor lee el punto lleno.',
    },
    ST4: {
      label: 'Nivel de trabajo del depósito de desconexión',
      description: 'Nivel hasta el que se llena el depósito de desconexión.',
    },
    ST5: {
      label: 'Nivel mínimo del depósito de desconexión',
      description: 'Por debajo de este nivel la bomba de aclarado se detiene para que nunca funcione en seco.',
    },
    PB1: {
      label: 'Tipo de sensor de nivel del calderín',
      description: 'Cómo se mide el nivel del calderín.',
    },
    PV1: {
      label: 'Tipo de sensor de nivel de la cuba',
      description: 'Cómo se mide el nivel de la cuba.',
    },
    PT1: {
      label: 'Tipo de sensor de nivel del depósito de desconexión',
      description: 'Cómo se mide el nivel del depósito de desconexión.',
    },
    FM1: {
      label: 'Tipo de caudalímetro',
      description:
        'Dónde está montado el caudalímetro; sin él, el aclarado se temporiza con el caudal de aclarado estimado (S25).',
    },
    OS1: {
      label: 'Tipo de descalcificador',
      description: 'Tratamiento del agua instalado antes de la máquina o en su interior.',
    },
  },

  cycleFields: {
    washDuration: {
      label: 'Duración del lavado',
      description: 'Cuánto tiempo pulveriza la bomba de lavado el agua de la cuba.',
    },
    pauseDuration: {
      label: 'Duración de la pausa',
      description: 'Pausa entre lavado y aclarado que deja escurrir el agua de lavado de la carga.',
    },
    soakingDuration: {
      label: 'Duración del remojo',
      description: 'Tiempo de remojo de la carga antes del lavado, para ablandar la suciedad seca.',
    },
    rinseVolume: {
      label: 'Volumen de aclarado',
      description: 'Agua limpia pulverizada en el aclarado final.',
    },
    rinseTime: {
      label: 'Tiempo de aclarado',
      description: 'Duración del aclarado final.',
    },
    boilerSetpoint: {
      label: 'Temperatura de consigna del calderín',
      description: 'Temperatura del agua de aclarado calentada en el calderín.',
    },
    tankSetpoint: {
      label: 'Temperatura de consigna de la cuba',
      description: 'Temperatura del agua de lavado en la cuba.',
    },
    detergentDosage: {
      label: 'Dosificación de detergente',
      description: 'Concentración de detergente que se restablece en la cuba tras cada aclarado.',
    },
    rinseAidDosage: {
      label: 'Dosificación de abrillantador',
      description: 'Concentración de abrillantador en el agua de aclarado.',
    },
    softStart: {
      label: 'Arranque suave',
      description: 'La bomba de lavado arranca de forma gradual, para piezas delicadas como los vasos.',
    },
  },

  parameterOptions: {
    S40: { cold: 'Agua fría', hot: 'Agua caliente' },
    S47: { metric: 'Métrico (°C, litros)', imperial: 'Imperial (°F, galones)' },
    S48: { h24: '24 horas', h12: '12 horas (a. m./p. m.)' },
    S49: LANGUAGE_NAMES,
    PB1: { pressureSwitch: 'Presostato', transducer: 'Sensor de presión analógico' },
    PV1: { pressureSwitch: 'Presostato', transducer: 'Sensor de presión analógico' },
    PT1: { pressureSwitch: 'Presostato', transducer: 'Sensor de presión analógico' },
    FM1: { none: 'Ninguno (caudal estimado)', inlet: 'En la entrada de agua', rinse: 'En el circuito de aclarado' },
    OS1: {
      none: 'Ninguno',
      builtIn: 'Descalcificador incorporado',
      external: 'Descalcificador externo',
      reverseOsmosis: 'Ósmosis inversa',
    },
  },

  units: {
    cycles: 'ciclos',
  },
} as const satisfies TDeviceCatalogue;
