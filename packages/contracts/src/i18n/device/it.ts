import { LANGUAGE_NAMES } from '../languages';
import type { TDeviceCatalogue } from './catalogue';

/** Italian texts of the `device` namespace (default and fallback language). */
export const deviceIt = {
  severities: {
    low: 'Bassa',
    medium: 'Media',
    high: 'Alta',
  },

  alarms: {
    AN01: 'Sonda di temperatura del boiler interrotta: la lettura è sotto il campo di misura (sonda scollegata o cavo rotto)',
    AN02: 'Sonda di temperatura del boiler in cortocircuito: la lettura è sopra il campo di misura',
    AN03: 'Sonda di temperatura della vasca interrotta: la lettura è sotto il campo di misura (sonda scollegata o cavo rotto)',
    AN04: 'Sonda di temperatura della vasca in cortocircuito: la lettura è sopra il campo di misura',
    AN05: "Sonda di temperatura dell'acqua in ingresso guasta (interrotta o in cortocircuito): la temperatura dell'acqua in ingresso non viene misurata",
    AN06: 'Sonda di temperatura del recuperatore di energia (CRC) guasta (interrotta o in cortocircuito): il recupero di energia è disattivato',
    AN07: "Segnale del sensore di livello del boiler fuori campo: il livello dell'acqua nel boiler non può essere misurato",
    AN08: "Segnale del sensore di livello della vasca fuori campo: il livello dell'acqua in vasca non può essere misurato",
    AN09: "Segnale del sensore di livello del serbatoio di disconnessione fuori campo: il livello dell'acqua nel serbatoio non può essere misurato",
    AN10: 'Taratura del sensore di livello del boiler non valida: i punti di taratura vuoto e pieno (SB1, SB2) mancano o sono troppo vicini',
    AN11: 'Taratura del sensore di livello della vasca non valida: i punti di taratura vuoto e pieno (SV1, SV2) mancano o sono troppo vicini',
    AN12: 'Taratura del sensore di livello del serbatoio di disconnessione non valida: i punti di taratura vuoto e pieno (ST1, ST2) mancano o sono troppo vicini',
    AN13: 'Alimentazione dei sensori o tensione di riferimento analogica della scheda di controllo fuori campo: nessuna lettura analogica è affidabile',
    CM01: 'Nessuna comunicazione tra la scheda di controllo e la scheda display',
    CM02: 'Nessuna comunicazione tra la scheda di controllo e la scheda di potenza (relè)',
    CM03: 'Nessuna comunicazione tra la scheda di controllo e il modulo di connettività: la macchina non è raggiungibile da remoto',
    CM04: 'Il modulo di connettività non raggiunge il servizio cloud: rete Wi-Fi o connessione a internet persa',
    FB01: 'Pompa di lavaggio: nessuna retroazione da accesa (la pompa non gira o il circuito è interrotto)',
    FB02: 'Pompa di lavaggio: retroazione presente da spenta (la pompa continua a girare: relè incollato)',
    FB03: 'Pompa di risciacquo (booster): nessuna retroazione da accesa (la pompa non gira o il circuito è interrotto)',
    FB04: 'Pompa di risciacquo (booster): retroazione presente da spenta (la pompa continua a girare: relè incollato)',
    FB05: 'Pompa di scarico: nessuna retroazione da accesa (la pompa non gira o il circuito è interrotto)',
    FB06: 'Pompa di scarico: retroazione presente da spenta (la pompa continua a girare: relè incollato)',
    FB07: 'Elettrovalvola di carico: nessuna retroazione da accesa (la bobina non è alimentata o è interrotta)',
    FB08: "Elettrovalvola di carico: retroazione presente da spenta (la valvola resta alimentata: l'acqua continua a entrare)",
    FB09: 'Resistenza del boiler: nessuna retroazione da accesa (il contattore non chiude o la resistenza è interrotta)',
    FB10: 'Resistenza del boiler: retroazione presente da spenta (contattore incollato: il boiler continua a scaldare)',
    FB11: 'Resistenza della vasca: nessuna retroazione da accesa (il contattore non chiude o la resistenza è interrotta)',
    FB12: 'Resistenza della vasca: retroazione presente da spenta (contattore incollato: la vasca continua a scaldare)',
    FB13: 'Pompa dosatrice del detergente: nessuna retroazione da accesa (la pompa non gira)',
    FB14: 'Pompa dosatrice del detergente: retroazione presente da spenta (la pompa continua a dosare)',
    FB15: 'Pompa dosatrice del brillantante: nessuna retroazione da accesa (la pompa non gira)',
    FB16: 'Pompa dosatrice del brillantante: retroazione presente da spenta (la pompa continua a dosare)',
    FB17: 'Ventilatore: nessuna retroazione da acceso (il ventilatore non gira)',
    FB18: 'Ventilatore: retroazione presente da spento (il ventilatore continua a girare)',
    FB19: 'Valvola acqua del recuperatore di energia (CRC): nessuna retroazione da accesa',
    FB20: "Valvola acqua del recuperatore di energia (CRC): retroazione presente da spenta (l'acqua continua a passare nello scambiatore)",
    FB21: 'Valvola di rigenerazione (salamoia): nessuna retroazione da accesa',
    FB22: "Valvola di rigenerazione (salamoia): retroazione presente da spenta (la salamoia può arrivare all'acqua di lavaggio)",
    FB23: 'Contattore di linea: nessuna retroazione da acceso (la sezione di potenza non è alimentata)',
    FB24: 'Contattore di linea: retroazione presente da spento (contattore incollato)',
    FB25: 'Resistenza del boiler, secondo stadio: nessuna retroazione da accesa (il contattore non chiude o la resistenza è interrotta)',
    FB26: 'Resistenza del boiler, secondo stadio: retroazione presente da spenta (contattore incollato)',
    FB27: 'Resistenza della vasca, secondo stadio: nessuna retroazione da accesa (il contattore non chiude o la resistenza è interrotta)',
    FB28: 'Resistenza della vasca, secondo stadio: retroazione presente da spenta (contattore incollato)',
    FB29: 'Relè di sicurezza del riscaldamento: nessuna retroazione da acceso (le resistenze non possono essere alimentate)',
    FB30: 'Relè di sicurezza del riscaldamento: retroazione presente da spento (le resistenze non vengono sezionate quando dovrebbero)',
    HW01: 'La memoria dei parametri (EEPROM) della scheda di controllo non può essere letta o scritta',
    HW02: "L'orologio della scheda di controllo ha perso data e ora: le registrazioni HACCP hanno orari errati",
    HW03: 'Tensione di alimentazione troppo bassa rispetto alla tensione nominale (S34): resistenze e pompe possono non funzionare correttamente',
    HW04: 'Tensione di alimentazione troppo alta rispetto alla tensione nominale (S34)',
    HW05: "Frequenza di rete non rilevata o diversa dall'impostazione (S35)",
    HW06: "Manca una fase dell'alimentazione trifase",
    HW07: 'Temperatura della scheda di controllo troppo alta',
    HW08: 'Un tasto del display è rimasto premuto troppo a lungo (tasto bloccato)',
    HW09: "I microinterruttori di sicurezza della porta (cappa) non concordano: uno segnala la porta chiusa e l'altro aperta",
    HW10: 'Modulo di connettività non rilevato dalla scheda di controllo',
    OH01: 'Sovratemperatura del boiler: il boiler è sopra 105 °C (221 °F)',
    OH02: 'Sovratemperatura della vasca: la vasca è sopra 105 °C (221 °F)',
    P01: 'Parametri corrotti (errore di checksum): la macchina non può usare i suoi parametri',
    P02: 'Un parametro memorizzato è fuori dal campo ammesso',
    P03: 'Le versioni firmware della scheda di controllo e della scheda display non sono compatibili',
    P04: 'Aggiornamento firmware non riuscito: il nuovo firmware non ha superato la verifica ed è stata mantenuta la versione precedente',
    P05: 'I parametri non appartengono a questo modello o gamma',
    P06: 'Configurazione di fabbrica mancante: codice modello e gamma non impostati',
    P07: 'Il firmware del modulo di connettività non è compatibile con il firmware della scheda di controllo',
    T01: 'Tempo massimo di carico vasca superato: la vasca non ha raggiunto il livello di lavoro entro il tempo impostato in S14',
    T02: 'Tempo massimo di carico boiler superato: il boiler non si è riempito entro il tempo impostato in S15',
    T03: 'Tempo massimo di carico del serbatoio di disconnessione superato: il serbatoio non si è riempito entro il tempo impostato in S16',
    T04: 'Tempo massimo di riscaldamento vasca superato: la vasca non ha raggiunto la temperatura impostata entro il tempo impostato in S18',
    T05: 'Tempo massimo di riscaldamento boiler superato: il boiler non ha raggiunto la temperatura impostata entro il tempo impostato in S17',
    T06: 'Tempo massimo di scarico superato: la vasca non si è svuotata entro il tempo impostato in S19',
    T07: 'Tempo massimo di risciacquo superato: il volume di risciacquo non è stato erogato entro il tempo di risciacquo del ciclo',
    T08: 'Tempo massimo di ripristino livello vasca superato: dopo il risciacquo la vasca non è tornata al livello di lavoro entro il tempo impostato in S21',
    T09: 'Tempo massimo di adescamento detergente superato: dopo la sostituzione del contenitore il detergente non è arrivato alla macchina',
    T10: 'Tempo massimo di adescamento brillantante superato: dopo la sostituzione del contenitore il brillantante non è arrivato alla macchina',
    T11: 'Rigenerazione: aspirazione della salamoia non completata entro il tempo impostato in r5',
    T12: 'Rigenerazione: risciacquo delle resine non completato entro il tempo impostato in r6',
    T13: 'Durata massima del ciclo superata (S23): il ciclo è stato interrotto',
    T14: 'Fase di recupero energia (CRC) non completata entro il tempo impostato in S27',
    T15: 'Autolavaggio (autopulizia) non completato entro il tempo massimo',
    T16: 'Tempo massimo di pausa superato: la pausa tra lavaggio e risciacquo è durata più del tempo impostato in S22, perché il boiler non ha raggiunto la temperatura o il livello di risciacquo',
    T17: 'Porta aperta troppo a lungo: durante un ciclo la porta (cappa) è rimasta aperta più del tempo impostato in S24 e il ciclo è stato interrotto',
    TH01: 'Intervento del termostato di sicurezza del boiler: il riscaldamento del boiler è sezionato',
    TH02: 'Intervento del termostato di sicurezza della vasca: il riscaldamento della vasca è sezionato',
    W01: 'Manutenzione periodica da eseguire: è stato raggiunto il numero di cicli impostato in S43',
    W02: "Acqua della vasca da cambiare: i cicli o le ore dall'ultimo svuotamento superano S41 o S42",
    W03: 'Livello del detergente basso',
    W04: 'Livello del brillantante basso',
    W05: "Livello del sale basso nell'addolcitore",
    W06: "Rigenerazione dell'addolcitore da eseguire",
    W07: 'Guasto del flussimetro: nessun impulso dal flussimetro durante il risciacquo, quindi il volume di risciacquo non viene misurato',
    W08: 'Temperatura di risciacquo sotto il minimo (S2) durante il risciacquo: la sanificazione non è garantita',
    W09: 'Filtro non in posizione',
    OL01: 'Allagamento: rilevata acqua nel basamento della macchina',
    OL02: 'Vasca allagata: il livello della vasca è sopra il livello di troppopieno',
    A1: 'Ciclo non completato',
    A2: 'Surriscaldamento del boiler: il boiler deve scendere sotto 102 °C (215 °F)',
    A3: 'Sonda di temperatura scollegata',
    A4: 'Tempo massimo di carico superato',
    A5: 'Tempo massimo di riscaldamento boiler superato',
    A6: 'Tempo massimo di scarico superato',
    A9: "Avviso di rigenerazione: l'addolcitore deve essere rigenerato",
    A10: 'Avviso di vasca piena: la vasca è stata caricata',
    H1: "Temperatura dell'acqua di risciacquo insufficiente",
    H2: 'Mancanza acqua',
    H3: "Temperatura dell'acqua di lavaggio insufficiente",
    F1: 'Porta aperta',
    F2: 'Caricamento iniziale della vasca in corso',
    F3: 'Correggere la posizione del filtro',
    F4: 'Sale mancante',
    F5: 'Livello dei prodotti chimici insufficiente (detergente o brillantante)',
  },

  solutions: {
    restartMachine: "Spegnere e riaccendere la macchina; se l'allarme si ripresenta, chiamare l'assistenza tecnica",
    callService: "Chiamare l'assistenza tecnica",
    checkAlarmRegister: "Cercare nel registro allarmi l'allarme che ha interrotto il ciclo e risolvere prima quello",
    restartCycle: 'Avviare di nuovo il ciclo per rilavare il carico',
    checkProbeWiring:
      'Controllare il cablaggio della sonda e il suo connettore sulla scheda di controllo (contatti allentati, ossidati o danneggiati)',
    checkProbeResistance:
      'Scollegare la sonda e misurarne la resistenza; confrontarla con la tabella delle temperature del manuale tecnico',
    replaceProbe: 'Sostituire la sonda di temperatura guasta',
    replaceBoilerProbe: 'Sostituire la sonda di temperatura del boiler',
    replaceTankProbe: 'Sostituire la sonda di temperatura della vasca',
    replaceInletProbe: "Sostituire la sonda di temperatura dell'acqua in ingresso",
    replaceCrcProbe: 'Sostituire la sonda di temperatura del recuperatore di energia (CRC)',
    checkLevelSensorWiring:
      'Controllare il cablaggio del sensore di livello e la sua alimentazione a 5 V sulla scheda di controllo',
    checkLevelHose:
      "Controllare il tubetto dell'aria del sensore di livello: collegato, non piegato e libero da acqua, calcare e residui di cibo",
    calibrateBoilerLevel: 'Ripetere la taratura del livello del boiler (SB1 vuoto, SB2 pieno)',
    calibrateTankLevel: 'Ripetere la taratura del livello della vasca (SV1 vuoto, SV2 pieno)',
    calibrateBreakTankLevel: 'Ripetere la taratura del livello del serbatoio di disconnessione (ST1 vuoto, ST2 pieno)',
    replaceLevelSensor: 'Sostituire il sensore di livello',
    checkBoardSupply:
      'Controllare la bassa tensione di alimentazione della scheda di controllo: trasformatore, fusibile e connettore',
    replaceControlBoard: 'Sostituire la scheda di controllo',
    checkDisplayCable: 'Controllare il cavo e i connettori tra la scheda di controllo e la scheda display',
    replaceDisplayBoard: 'Sostituire la scheda display',
    checkPowerBoardCable: 'Controllare il cavo e i connettori tra la scheda di controllo e la scheda di potenza (relè)',
    replacePowerBoard: 'Sostituire la scheda di potenza (relè)',
    checkModuleCable: 'Controllare il cavo e i connettori tra la scheda di controllo e il modulo di connettività',
    replaceConnectivityModule: 'Sostituire il modulo di connettività',
    checkWifi: 'Controllare il segnale Wi-Fi alla macchina e il nome e la password della rete memorizzati',
    checkInternet:
      'Controllare che il router sia acceso e connesso a internet e che il suo firewall lasci raggiungere il servizio cloud alla macchina',
    checkActuatorWiring: "Controllare il cablaggio tra la scheda di potenza e il componente indicato nell'allarme",
    checkMotorProtection: 'Controllare il fusibile o il salvamotore termico del componente e ripristinarlo se è intervenuto',
    checkPumpFree: 'Controllare che la girante della pompa giri liberamente e non sia bloccata da residui o vetri rotti',
    measureValveCoil:
      "Misurare la resistenza della bobina dell'elettrovalvola; sostituire la valvola se la bobina è interrotta o in cortocircuito",
    measureHeater:
      "Misurare la resistenza e l'isolamento della resistenza elettrica; sostituirla se è interrotta o dispersa verso terra",
    checkContactor:
      'Controllare il contattore delle resistenze: bobina, contatti principali e contatto ausiliario (di retroazione)',
    checkChemicalPump: 'Controllare la pompa dosatrice: tubetto usurato o rotto, rullo bloccato, motore fermo',
    checkFan: 'Controllare che il ventilatore non sia ostruito e che le pale girino liberamente',
    isolateMachine:
      "Spegnere la macchina con l'interruttore a parete: un relè o un contattore può essere incollato e tenere acceso il componente",
    closeWaterTap: "Chiudere il rubinetto dell'acqua di alimentazione",
    replaceComponent: 'Sostituire il componente guasto',
    checkSupplyVoltage: 'Misurare la tensione di alimentazione alla morsettiera e confrontarla con la targa dati e con S34',
    checkPhases:
      'Controllare le tre fasi e il neutro alla morsettiera, i fusibili generali e il serraggio del cavo di alimentazione',
    checkMainsFrequency: 'Controllare che S35 corrisponda alla frequenza di rete (50 o 60 Hz)',
    checkVentilation:
      'Controllare che il vano elettrico sia ventilato e che la scheda di controllo sia lontana da vapore e calore',
    setDateTime: "Impostare data e ora sulla macchina, oppure collegarla alla rete perché l'orologio venga sincronizzato",
    checkKeypad: 'Controllare che nessun tasto del display sia premuto o bloccato e che la tastiera sia asciutta',
    checkDoorSwitch: 'Controllare i microinterruttori della porta (cappa), la loro regolazione e il cablaggio',
    waitCoolDown: 'Attendere che la temperatura scenda sotto 102 °C (215 °F)',
    checkSafetyThermostat: 'Controllare se il termostato di sicurezza è intervenuto; trovarne la causa prima di ripristinarlo',
    resetSafetyThermostat:
      'Quando la temperatura è scesa, riarmare a mano il termostato di sicurezza (solo personale di assistenza)',
    checkSetpoints: 'Controllare le temperature impostate di boiler e vasca del ciclo e le temperature minime S2 e S3',
    waitHeating: 'Attendere che la macchina raggiunga la temperatura di lavoro prima di avviare un ciclo',
    restoreDefaults: 'Ripristinare i preset e poi reimpostare i propri valori',
    checkParameterTable: 'Confrontare i valori dei parametri con i campi ammessi della tabella parametri',
    updateFirmware: "Aggiornare il firmware di tutte le schede all'ultima versione rilasciata",
    retryFirmwareUpdate: "Avviare di nuovo l'aggiornamento del firmware e non spegnere la macchina finché non è terminato",
    setModelConfiguration: 'Impostare codice modello e gamma nella configurazione di fabbrica',
    openWaterTap:
      "Controllare che il rubinetto dell'acqua sia aperto e che la pressione di alimentazione sia entro i limiti del manuale di installazione",
    cleanInletFilter: "Pulire il filtro dell'elettrovalvola di ingresso acqua",
    checkOverflowPipe: 'Controllare che il tubo di troppopieno sia al suo posto e faccia tenuta in vasca',
    checkDrainHose:
      "Controllare che il tubo di scarico non sia piegato o ostruito e che l'altezza di scarico sia entro il limite",
    cleanDrainPump: 'Pulire la pompa di scarico e il suo filtro',
    checkRinseArms: 'Pulire i bracci e gli ugelli di risciacquo e decalcificarli se necessario',
    checkRinsePump: "Controllare la pompa di risciacquo (booster) e il livello dell'acqua nel serbatoio di disconnessione",
    checkFillValveClosing: "Controllare che l'elettrovalvola di carico chiuda completamente quando è spenta",
    findLeak:
      "Spegnere la macchina, chiudere il rubinetto dell'acqua e trovare la perdita: tubi, tenute delle pompe, raccordi di vasca e boiler",
    dryBasePan: 'Asciugare il basamento della macchina e il sensore di allagamento prima di riaccendere',
    waitTankLoading: 'Attendere la fine del caricamento iniziale della vasca',
    checkFlowmeterWiring: 'Controllare il cablaggio e il connettore del flussimetro',
    disableFlowmeter: 'Impostare FM1 a 0 e S25 alla portata di risciacquo stimata',
    replaceFlowmeter: 'Sostituire il flussimetro',
    refillDetergent: 'Sostituire o riempire il contenitore del detergente',
    refillRinseAid: 'Sostituire o riempire il contenitore del brillantante',
    checkSuctionHose:
      'Controllare la lancia di aspirazione: deve arrivare al fondo del contenitore e il tubo non deve aspirare aria',
    cleanChemicalLevelProbe: 'Pulire la sonda di livello sulla lancia di aspirazione',
    fillSalt: 'Riempire il contenitore del sale con sale grosso per lavastoviglie',
    startRegeneration: 'Avviare un ciclo di rigenerazione',
    checkBrineHose: 'Controllare il tubo della salamoia e la valvola di rigenerazione',
    closeDoor: 'Chiudere la porta (cappa)',
    positionFilter: 'Posizionare correttamente il filtro nella sua sede',
    cleanFilters: 'Togliere, pulire e rimontare i filtri della vasca',
    changeTankWater: 'Scaricare la vasca e riempirla con acqua pulita',
    scheduleMaintenance: "Prenotare la manutenzione periodica con l'assistenza tecnica",
    cleanCrcExchanger: 'Pulire lo scambiatore del recuperatore di energia (CRC) e il suo filtro',
  },

  parameterGroups: {
    temperatures: 'Temperature',
    times: 'Tempi',
    water: 'Acqua e idraulica',
    chemicals: 'Detergente e brillantante',
    energy: 'Risparmio energetico',
    softener: 'Addolcitore',
    maintenance: 'Igiene e manutenzione',
    hardware: 'Impianto elettrico e componenti installati',
    calibration: 'Taratura dei sensori',
    general: 'Display e controllo remoto',
  },

  parameters: {
    S2: {
      label: 'Temperatura minima di risciacquo',
      description:
        'Il risciacquo parte solo quando il boiler ha raggiunto questa temperatura (termostop). Non superare la temperatura del boiler più bassa impostata nei cicli.',
    },
    S3: {
      label: 'Temperatura minima di lavaggio',
      description: 'Il lavaggio parte solo quando la vasca ha raggiunto questa temperatura.',
    },
    S6: {
      label: 'Isteresi del boiler',
      description:
        'La resistenza del boiler si riaccende quando il boiler scende di questo valore sotto la temperatura impostata.',
    },
    S9: {
      label: 'Isteresi della vasca',
      description:
        'La resistenza della vasca si riaccende quando la vasca scende di questo valore sotto la temperatura impostata.',
    },
    S10: {
      label: 'Correzione sonda boiler',
      description:
        'Correzione sommata alla lettura della sonda del boiler, dopo averla confrontata con un termometro di riferimento.',
    },
    S11: {
      label: 'Correzione sonda vasca',
      description:
        'Correzione sommata alla lettura della sonda della vasca, dopo averla confrontata con un termometro di riferimento.',
    },
    S12: {
      label: 'Temperatura del boiler in standby',
      description: 'Temperatura impostata del boiler mentre la macchina è in standby.',
    },
    S13: {
      label: 'Temperatura della vasca in standby',
      description: 'Temperatura impostata della vasca mentre la macchina è in standby.',
    },
    S14: {
      label: 'Tempo massimo di carico vasca',
      description: 'Tempo massimo per riempire la vasca fino al livello di lavoro (allarme T01).',
    },
    S15: {
      label: 'Tempo massimo di carico boiler',
      description: 'Tempo massimo per riempire il boiler (allarme T02).',
    },
    S16: {
      label: 'Tempo massimo di carico serbatoio di disconnessione',
      description: 'Tempo massimo per riempire il serbatoio di disconnessione (allarme T03).',
    },
    S17: {
      label: 'Tempo massimo di riscaldamento boiler',
      description: 'Tempo massimo perché il boiler raggiunga da freddo la temperatura impostata (allarme T05).',
    },
    S18: {
      label: 'Tempo massimo di riscaldamento vasca',
      description: 'Tempo massimo perché la vasca raggiunga da fredda la temperatura impostata (allarme T04).',
    },
    S19: {
      label: 'Tempo massimo di scarico',
      description: 'Tempo massimo per svuotare la vasca (allarme T06).',
    },
    S20: {
      label: 'Tempo di scarico',
      description:
        'Per quanto tempo funziona la pompa di scarico quando la vasca viene svuotata a fine giornata o con lo scarico manuale.',
    },
    S21: {
      label: 'Tempo di ripristino livello vasca',
      description: 'Tempo concesso per riportare la vasca al livello di lavoro dopo ogni risciacquo (allarme T08).',
    },
    S22: {
      label: 'Pausa massima',
      description: 'Pausa più lunga tra lavaggio e risciacquo in attesa del boiler (allarme T16).',
    },
    S23: {
      label: 'Durata massima del ciclo',
      description: 'Un ciclo ancora in corso dopo questo tempo viene interrotto (allarme T13).',
    },
    S24: {
      label: 'Apertura massima della porta durante un ciclo',
      description: 'Un ciclo la cui porta (cappa) resta aperta più di questo tempo viene interrotto (allarme T17).',
    },
    S25: {
      label: 'Portata di risciacquo stimata',
      description: "Portata usata per calcolare la durata del risciacquo quando non c'è il flussimetro (FM1 = 0).",
    },
    S26: {
      label: 'Recuperatore di energia (CRC) presente',
      description: "La macchina ha il recuperatore che preriscalda l'acqua in ingresso con il vapore del lavaggio.",
    },
    S27: {
      label: 'Tempo del recuperatore di energia (CRC)',
      description: 'Durata della fase di recupero energia alla fine di ogni ciclo; 0 la disattiva.',
    },
    S28: {
      label: 'Tempo di standby',
      description: 'Tempo di inattività dopo il quale la macchina va in standby e mantiene le temperature di standby; 0 = mai.',
    },
    S29: {
      label: 'Intervallo di risparmio energetico',
      description: 'Tempo in standby dopo il quale le resistenze vengono spente del tutto; 0 = mai.',
    },
    S30: {
      label: 'Priorità boiler',
      description:
        'La resistenza della vasca resta spenta mentre il boiler scalda, così le due non assorbono mai potenza insieme.',
    },
    S31: {
      label: 'Limite di potenza',
      description:
        'Potenza di riscaldamento totale massima che la macchina può assorbire; gli stadi delle resistenze vengono inseriti in modo da non superarla.',
    },
    S32: {
      label: 'Potenza resistenze boiler',
      description: 'Potenza nominale delle resistenze del boiler, usata per le statistiche di consumo.',
    },
    S33: {
      label: 'Potenza resistenze vasca',
      description: 'Potenza nominale delle resistenze della vasca, usata per le statistiche di consumo.',
    },
    S34: {
      label: 'Tensione nominale di alimentazione',
      description:
        "Tensione di alimentazione dell'impianto, come da targa dati; gli allarmi di alimentazione (HW03, HW04) si misurano rispetto a essa.",
    },
    S35: {
      label: 'Frequenza di rete',
      description: 'Frequenza della rete di alimentazione (allarme HW05).',
    },
    S36: {
      label: 'Pompa di risciacquo presente',
      description: "L'acqua di risciacquo è spinta da una pompa booster invece che dalla pressione di rete.",
    },
    S37: {
      label: 'Pompa di scarico presente',
      description: 'La vasca viene svuotata da una pompa di scarico invece che per gravità.',
    },
    S38: {
      label: 'Serbatoio di disconnessione presente',
      description: "L'acqua in ingresso passa da un serbatoio di disconnessione (air gap) prima del boiler.",
    },
    S39: {
      label: 'Controllo filtro',
      description: "Un sensore controlla che il filtro della vasca sia in posizione prima dell'avvio di un ciclo.",
    },
    S40: {
      label: 'Alimentazione acqua',
      description: "Se la macchina è collegata all'acqua fredda o calda; cambia i tempi di riscaldamento attesi.",
    },
    S41: {
      label: "Cicli dall'ultimo svuotamento",
      description:
        "Dopo questo numero di cicli senza scarico, la macchina chiede di cambiare l'acqua della vasca; 0 = disattivato.",
    },
    S42: {
      label: "Ore dall'ultimo svuotamento",
      description: "Dopo questo tempo senza scarico, la macchina chiede di cambiare l'acqua della vasca; 0 = disattivato.",
    },
    S43: {
      label: 'Intervallo di manutenzione',
      description: 'Cicli tra due manutenzioni periodiche (avviso W01); 0 = disattivato.',
    },
    S44: {
      label: 'Sensore di livello detergente',
      description:
        'La lancia di aspirazione del detergente ha un sensore di livello che avvisa quando il contenitore è quasi vuoto.',
    },
    S45: {
      label: 'Sensore di livello brillantante',
      description:
        'La lancia di aspirazione del brillantante ha un sensore di livello che avvisa quando il contenitore è quasi vuoto.',
    },
    S46: {
      label: 'Concentrazione iniziale del detergente',
      description: 'Concentrazione di detergente dosata quando la vasca viene riempita con acqua pulita.',
    },
    S47: {
      label: 'Sistema di misura',
      description: 'Unità mostrate sul display della macchina.',
    },
    S48: {
      label: 'Formato ora',
      description: "Formato dell'orologio sul display della macchina.",
    },
    S49: {
      label: 'Lingua della macchina',
      description: 'Lingua del display della macchina.',
    },
    S50: {
      label: 'Controllo remoto consentito',
      description: "I cicli possono essere avviati e fermati dalla dashboard e dall'app.",
    },
    d1: {
      label: 'Densità del detergente',
      description: 'Densità del detergente in uso, per convertire il dosaggio in volume pompato.',
    },
    d2: {
      label: 'Densità del brillantante',
      description: 'Densità del brillantante in uso, per convertire il dosaggio in volume pompato.',
    },
    d3: {
      label: 'Volume di adescamento detergente',
      description: 'Volume pompato per riempire il tubo del detergente dopo la sostituzione del contenitore.',
    },
    d4: {
      label: 'Volume di adescamento brillantante',
      description: 'Volume pompato per riempire il tubo del brillantante dopo la sostituzione del contenitore.',
    },
    r3: {
      label: "Durezza dell'acqua in ingresso",
      description:
        "Durezza dell'acqua in ingresso espressa come carbonato di calcio; stabilisce ogni quanto l'addolcitore si rigenera.",
    },
    r4: {
      label: 'Intervallo di rigenerazione',
      description: "Cicli tra due rigenerazioni dell'addolcitore; 0 = calcolato dalla durezza dell'acqua.",
    },
    r5: {
      label: 'Tempo di aspirazione salamoia',
      description: 'Tempo per far passare la salamoia attraverso le resine durante una rigenerazione (allarme T11).',
    },
    r6: {
      label: 'Tempo di risciacquo resine',
      description: "Tempo per risciacquare il sale dalle resine dopo l'aspirazione della salamoia (allarme T12).",
    },
    SB1: {
      label: 'Livello boiler: punto vuoto',
      description: 'Lettura del sensore di livello con il boiler vuoto.',
    },
    SB2: {
      label: 'Livello boiler: punto pieno',
      description: 'Lettura del sensore di livello con il boiler pieno (volume SB3).',
    },
    SB3: {
      label: 'Volume del boiler al punto pieno',
      description: 'Acqua nel boiler quando il sensore legge il punto pieno.',
    },
    SB4: {
      label: 'Livello di lavoro del boiler',
      description: 'Livello fino a cui il boiler viene riempito.',
    },
    SB5: {
      label: 'Livello minimo del boiler',
      description: 'Sotto questo livello la resistenza del boiler viene spenta per proteggerla.',
    },
    SV1: {
      label: 'Livello vasca: punto vuoto',
      description: 'Lettura del sensore di livello con la vasca vuota.',
    },
    SV2: {
      label: 'Livello vasca: punto pieno',
      description: 'Lettura del sensore di livello con la vasca piena (volume SV3).',
    },
    SV3: {
      label: 'Volume della vasca al punto pieno',
      description: 'Acqua in vasca quando il sensore legge il punto pieno.',
    },
    SV4: {
      label: 'Livello di lavoro della vasca',
      description: 'Livello fino a cui la vasca viene riempita e rabboccata.',
    },
    SV5: {
      label: 'Livello minimo della vasca',
      description: 'Sotto questo livello la resistenza della vasca e la pompa di lavaggio vengono fermate per proteggerle.',
    },
    ST1: {
      label: 'Livello serbatoio di disconnessione: punto vuoto',
      description: 'Lettura del sensore di livello con il serbatoio di disconnessione vuoto.',
    },
    ST2: {
      label: 'Livello serbatoio di disconnessione: punto pieno',
      description: 'Lettura del sensore di livello con il serbatoio di disconnessione pieno (volume ST3).',
    },
    ST3: {
      label: 'Volume del serbatoio di disconnessione al punto pieno',
      description: 'Acqua nel serbatoio di disconnessione quando il sensore legge il punto pieno.',
    },
    ST4: {
      label: 'Livello di lavoro del serbatoio di disconnessione',
      description: 'Livello fino a cui il serbatoio di disconnessione viene riempito.',
    },
    ST5: {
      label: 'Livello minimo del serbatoio di disconnessione',
      description: 'Sotto questo livello la pompa di risciacquo viene fermata perché non giri mai a secco.',
    },
    PB1: {
      label: 'Tipo di sensore di livello del boiler',
      description: 'Come viene misurato il livello del boiler.',
    },
    PV1: {
      label: 'Tipo di sensore di livello della vasca',
      description: 'Come viene misurato il livello della vasca.',
    },
    PT1: {
      label: 'Tipo di sensore di livello del serbatoio di disconnessione',
      description: 'Come viene misurato il livello del serbatoio di disconnessione.',
    },
    FM1: {
      label: 'Tipo di flussimetro',
      description:
        'Dove è montato il flussimetro; senza flussimetro il risciacquo è temporizzato con la portata di risciacquo stimata (S25).',
    },
    OS1: {
      label: 'Tipo di addolcitore',
      description: "Trattamento dell'acqua installato a monte della macchina o al suo interno.",
    },
  },

  cycleFields: {
    washDuration: {
      label: 'Durata del lavaggio',
      description: "Per quanto tempo la pompa di lavaggio spruzza l'acqua della vasca.",
    },
    pauseDuration: {
      label: 'Durata della pausa',
      description: "Pausa tra lavaggio e risciacquo che lascia sgocciolare l'acqua di lavaggio dal carico.",
    },
    soakingDuration: {
      label: "Durata dell'ammollo",
      description: 'Tempo di ammollo del carico prima del lavaggio, per staccare lo sporco secco.',
    },
    rinseVolume: {
      label: 'Volume di risciacquo',
      description: 'Acqua pulita spruzzata nel risciacquo finale.',
    },
    rinseTime: {
      label: 'Tempo di risciacquo',
      description: 'Durata del risciacquo finale.',
    },
    boilerSetpoint: {
      label: 'Temperatura impostata boiler',
      description: "Temperatura dell'acqua di risciacquo scaldata nel boiler.",
    },
    tankSetpoint: {
      label: 'Temperatura impostata vasca',
      description: "Temperatura dell'acqua di lavaggio in vasca.",
    },
    detergentDosage: {
      label: 'Dosaggio detergente',
      description: 'Concentrazione di detergente ripristinata in vasca dopo ogni risciacquo.',
    },
    rinseAidDosage: {
      label: 'Dosaggio brillantante',
      description: "Concentrazione di brillantante nell'acqua di risciacquo.",
    },
    softStart: {
      label: 'Avvio graduale',
      description: 'La pompa di lavaggio parte gradualmente, per oggetti delicati come i bicchieri.',
    },
  },

  parameterOptions: {
    S40: { cold: 'Acqua fredda', hot: 'Acqua calda' },
    S47: { metric: 'Metrico (°C, litri)', imperial: 'Imperiale (°F, galloni)' },
    S48: { h24: '24 ore', h12: '12 ore (AM/PM)' },
    S49: LANGUAGE_NAMES,
    PB1: { pressureSwitch: 'Pressostato', transducer: 'Sensore di pressione analogico' },
    PV1: { pressureSwitch: 'Pressostato', transducer: 'Sensore di pressione analogico' },
    PT1: { pressureSwitch: 'Pressostato', transducer: 'Sensore di pressione analogico' },
    FM1: { none: 'Nessuno (portata stimata)', inlet: "Sull'ingresso dell'acqua", rinse: 'Sul circuito di risciacquo' },
    OS1: {
      none: 'Nessuno',
      builtIn: 'Addolcitore incorporato',
      external: 'Addolcitore esterno',
      reverseOsmosis: 'Osmosi inversa',
    },
  },

  units: {
    cycles: 'cicli',
  },
} as const satisfies TDeviceCatalogue;
