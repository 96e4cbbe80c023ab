import { LANGUAGE_NAMES } from '../languages';
import type { TDeviceCatalogue } from './catalogue';

/** French texts of the `device` namespace. */
export const deviceFr = {
  severities: {
    low: 'Faible',
    medium: 'Moyenne',
    high: 'Élevée',
  },

  alarms: {
    AN01: 'Sonde de température du surchauffeur coupée\u00a0: la mesure est en dessous de la plage (sonde débranchée ou câble rompu)',
    AN02: 'Sonde de température du surchauffeur en court-circuit\u00a0: la mesure est au-dessus de la plage',
    AN03: 'Sonde de température de la cuve coupée\u00a0: la mesure est en dessous de la plage (sonde débranchée ou câble rompu)',
    AN04: 'Sonde de température de la cuve en court-circuit\u00a0: la mesure est au-dessus de la plage',
    AN05: "Sonde de température de l'eau d'arrivée défectueuse (coupée ou en court-circuit)\u00a0: la température de l'eau d'arrivée n'est pas mesurée",
    AN06: "Sonde de température du récupérateur d'énergie (CRC) défectueuse (coupée ou en court-circuit)\u00a0: la récupération d'énergie est désactivée",
    AN07: "Signal du capteur de niveau du surchauffeur hors plage\u00a0: le niveau d'eau du surchauffeur ne peut pas être mesuré",
    AN08: "Signal du capteur de niveau de la cuve hors plage\u00a0: le niveau d'eau de la cuve ne peut pas être mesuré",
    AN09: "Signal du capteur de niveau du bac de disconnexion hors plage\u00a0: le niveau d'eau du bac ne peut pas être mesuré",
    AN10: 'Étalonnage du capteur de niveau du surchauffeur non valable\u00a0: les points vide et plein (SB1, SB2) manquent ou sont trop proches',
    AN11: 'Étalonnage du capteur de niveau de la cuve non valable\u00a0: les points vide et plein (SV1, SV2) manquent ou sont trop proches',
    AN12: 'Étalonnage du capteur de niveau du bac de disconnexion non valable\u00a0: les points vide et plein (ST1, ST2) manquent ou sont trop proches',
    AN13: "Alimentation des capteurs ou tension de référence analogique de la carte de commande hors plage\u00a0: aucune mesure analogique n'est fiable",
    CM01: "Pas de communication entre la carte de commande et la carte d'affichage",
    CM02: 'Pas de communication entre la carte de commande et la carte de puissance (relais)',
    CM03: "Pas de communication entre la carte de commande et le module de connectivité\u00a0: la machine n'est pas joignable à distance",
    CM04: 'Le module de connectivité ne joint pas le service cloud\u00a0: réseau Wi-Fi ou connexion internet perdus',
    FB01: "Pompe de lavage\u00a0: pas de retour d'état à la mise en marche (la pompe ne tourne pas ou son circuit est ouvert)",
    FB02: "Pompe de lavage\u00a0: retour d'état présent à l'arrêt (la pompe continue de tourner\u00a0: relais collé)",
    FB03: "Pompe de rinçage (surpresseur)\u00a0: pas de retour d'état à la mise en marche (la pompe ne tourne pas ou son circuit est ouvert)",
    FB04: "Pompe de rinçage (surpresseur)\u00a0: retour d'état présent à l'arrêt (la pompe continue de tourner\u00a0: relais collé)",
    FB05: "Pompe de vidange\u00a0: pas de retour d'état à la mise en marche (la pompe ne tourne pas ou son circuit est ouvert)",
    FB06: "Pompe de vidange\u00a0: retour d'état présent à l'arrêt (la pompe continue de tourner\u00a0: relais collé)",
    FB07: "Électrovanne de remplissage\u00a0: pas de retour d'état à la mise en marche (la bobine n'est pas alimentée ou est coupée)",
    FB08: "Électrovanne de remplissage\u00a0: retour d'état présent à l'arrêt (la vanne reste alimentée\u00a0: l'eau continue d'entrer)",
    FB09: "Résistance du surchauffeur\u00a0: pas de retour d'état à la mise en marche (le contacteur ne se ferme pas ou la résistance est coupée)",
    FB10: "Résistance du surchauffeur\u00a0: retour d'état présent à l'arrêt (contacteur collé\u00a0: le surchauffeur continue de chauffer)",
    FB11: "Résistance de la cuve\u00a0: pas de retour d'état à la mise en marche (le contacteur ne se ferme pas ou la résistance est coupée)",
    FB12: "Résistance de la cuve\u00a0: retour d'état présent à l'arrêt (contacteur collé\u00a0: la cuve continue de chauffer)",
    FB13: "Pompe doseuse de détergent\u00a0: pas de retour d'état à la mise en marche (la pompe ne tourne pas)",
    FB14: "Pompe doseuse de détergent\u00a0: retour d'état présent à l'arrêt (la pompe continue de doser)",
    FB15: "Pompe doseuse de produit de rinçage\u00a0: pas de retour d'état à la mise en marche (la pompe ne tourne pas)",
    FB16: "Pompe doseuse de produit de rinçage\u00a0: retour d'état présent à l'arrêt (la pompe continue de doser)",
    FB17: "Ventilateur\u00a0: pas de retour d'état à la mise en marche (le ventilateur ne tourne pas)",
    FB18: "Ventilateur\u00a0: retour d'état présent à l'arrêt (le ventilateur continue de tourner)",
    FB19: "Vanne d'eau du récupérateur d'énergie (CRC)\u00a0: pas de retour d'état à la mise en marche",
    FB20: "Vanne d'eau du récupérateur d'énergie (CRC)\u00a0: retour d'état présent à l'arrêt (l'eau continue de traverser l'échangeur)",
    FB21: "Vanne de régénération (saumure)\u00a0: pas de retour d'état à la mise en marche",
    FB22: "Vanne de régénération (saumure)\u00a0: retour d'état présent à l'arrêt (la saumure peut atteindre l'eau de lavage)",
    FB23: "Contacteur de ligne\u00a0: pas de retour d'état à la mise en marche (la partie puissance n'est pas alimentée)",
    FB24: "Contacteur de ligne\u00a0: retour d'état présent à l'arrêt (contacteur collé)",
    FB25: "Résistance du surchauffeur, deuxième étage\u00a0: pas de retour d'état à la mise en marche (le contacteur ne se ferme pas ou la résistance est coupée)",
    FB26: "Résistance du surchauffeur, deuxième étage\u00a0: retour d'état présent à l'arrêt (contacteur collé)",
    FB27: "Résistance de la cuve, deuxième étage\u00a0: pas de retour d'état à la mise en marche (le contacteur ne se ferme pas ou la résistance est coupée)",
    FB28: "Résistance de la cuve, deuxième étage\u00a0: retour d'état présent à l'arrêt (contacteur collé)",
    FB29: "Relais de sécurité du chauffage\u00a0: pas de retour d'état à la mise en marche (les résistances ne peuvent pas être alimentées)",
    FB30: "Relais de sécurité du chauffage\u00a0: retour d'état présent à l'arrêt (les résistances ne sont pas coupées quand elles devraient l'être)",
    HW01: 'La mémoire des paramètres (EEPROM) de la carte de commande ne peut être ni lue ni écrite',
    HW02: "L'horloge de la carte de commande a perdu la date et l'heure\u00a0: les enregistrements HACCP sont mal horodatés",
    HW03: "Tension d'alimentation trop basse par rapport à la tension nominale (S34)\u00a0: les résistances et les pompes peuvent mal fonctionner",
    HW04: "Tension d'alimentation trop élevée par rapport à la tension nominale (S34)",
    HW05: 'Fréquence du réseau non détectée ou différente du réglage (S35)',
    HW06: "Une phase de l'alimentation triphasée manque",
    HW07: 'Température de la carte de commande trop élevée',
    HW08: "Une touche de l'afficheur est restée enfoncée trop longtemps (touche bloquée)",
    HW09: "Les contacts de sécurité de la porte (capot) ne concordent pas\u00a0: l'un indique la porte fermée et l'autre ouverte",
    HW10: 'Module de connectivité non détecté par la carte de commande',
    OH01: 'Surchauffe du surchauffeur\u00a0: le surchauffeur dépasse 105 °C (221 °F)',
    OH02: 'Surchauffe de la cuve\u00a0: la cuve dépasse 105 °C (221 °F)',
    P01: 'Paramètres corrompus (erreur de somme de contrôle)\u00a0: la machine ne peut pas utiliser ses paramètres',
    P02: 'Un paramètre enregistré est hors de sa plage autorisée',
    P03: "Les versions du micrologiciel de la carte de commande et de la carte d'affichage ne sont pas compatibles",
    P04: "Échec de la mise à jour du micrologiciel\u00a0: la nouvelle version n'a pas passé la vérification et la précédente a été conservée",
    P05: "Les paramètres n'appartiennent pas à ce modèle ou à cette gamme",
    P06: "Configuration d'usine manquante\u00a0: numéro de modèle et gamme non définis",
    P07: "Le micrologiciel du module de connectivité n'est pas compatible avec celui de la carte de commande",
    T01: "Délai de remplissage de la cuve dépassé\u00a0: la cuve n'a pas atteint son niveau de travail dans le temps défini en S14",
    T02: "Délai de remplissage du surchauffeur dépassé\u00a0: le surchauffeur ne s'est pas rempli dans le temps défini en S15",
    T03: "Délai de remplissage du bac de disconnexion dépassé\u00a0: le bac ne s'est pas rempli dans le temps défini en S16",
    T04: "Délai de chauffe de la cuve dépassé\u00a0: la cuve n'a pas atteint sa consigne dans le temps défini en S18",
    T05: "Délai de chauffe du surchauffeur dépassé\u00a0: le surchauffeur n'a pas atteint sa consigne dans le temps défini en S17",
    T06: "Délai de vidange dépassé\u00a0: la cuve n'était pas vide dans le temps défini en S19",
    T07: "Délai de rinçage dépassé\u00a0: le volume de rinçage n'a pas été distribué dans la durée de rinçage du programme",
    T08: "Délai de rétablissement du niveau de la cuve dépassé\u00a0: après le rinçage, la cuve n'est pas revenue à son niveau de travail dans le temps défini en S21",
    T09: "Délai d'amorçage du détergent dépassé\u00a0: après le remplacement du bidon, le détergent n'est pas arrivé à la machine",
    T10: "Délai d'amorçage du produit de rinçage dépassé\u00a0: après le remplacement du bidon, le produit n'est pas arrivé à la machine",
    T11: 'Régénération\u00a0: aspiration de la saumure non terminée dans le temps défini en r5',
    T12: 'Régénération\u00a0: rinçage des résines non terminé dans le temps défini en r6',
    T13: 'Durée maximale du programme dépassée (S23)\u00a0: le programme a été arrêté',
    T14: "Phase de récupération d'énergie (CRC) non terminée dans le temps défini en S27",
    T15: 'Autolavage (autonettoyage) non terminé dans sa durée maximale',
    T16: "Délai de pause dépassé\u00a0: la pause entre lavage et rinçage a duré plus que le temps défini en S22, car le surchauffeur n'a pas atteint la température ou le niveau de rinçage",
    T17: 'Porte ouverte trop longtemps\u00a0: pendant un programme, la porte (capot) est restée ouverte plus que le temps défini en S24 et le programme a été arrêté',
    TH01: 'Déclenchement du thermostat de sécurité du surchauffeur\u00a0: le chauffage du surchauffeur est coupé',
    TH02: 'Déclenchement du thermostat de sécurité de la cuve\u00a0: le chauffage de la cuve est coupé',
    W01: 'Entretien périodique à effectuer\u00a0: le nombre de cycles défini en S43 est atteint',
    W02: 'Eau de la cuve à changer\u00a0: les cycles ou les heures depuis la dernière vidange dépassent S41 ou S42',
    W03: 'Niveau de détergent bas',
    W04: 'Niveau de produit de rinçage bas',
    W05: "Niveau de sel bas dans l'adoucisseur",
    W06: "Régénération de l'adoucisseur à effectuer",
    W07: "Défaut du débitmètre\u00a0: aucune impulsion du débitmètre pendant le rinçage, le volume de rinçage n'est donc pas mesuré",
    W08: "Température de rinçage inférieure au minimum (S2) pendant le rinçage\u00a0: la désinfection n'est pas garantie",
    W09: 'Filtre absent ou mal placé',
    OL01: 'Inondation\u00a0: eau détectée dans le socle de la machine',
    OL02: 'Cuve noyée\u00a0: le niveau de la cuve dépasse le trop-plein',
    A1: 'Programme non terminé',
    A2: 'Surchauffe du surchauffeur\u00a0: sa température doit redescendre sous 102 °C (215 °F)',
    A3: 'Sonde de température débranchée',
    A4: 'Délai de remplissage dépassé',
    A5: 'Délai de chauffe du surchauffeur dépassé',
    A6: 'Délai de vidange dépassé',
    A9: "Avis de régénération\u00a0: l'adoucisseur doit être régénéré",
    A10: 'Avis de cuve pleine\u00a0: la cuve a été remplie',
    H1: "Température de l'eau de rinçage insuffisante",
    H2: "Manque d'eau",
    H3: "Température de l'eau de lavage insuffisante",
    F1: 'Porte ouverte',
    F2: 'Remplissage initial de la cuve en cours',
    F3: 'Corriger la position du filtre',
    F4: 'Sel manquant',
    F5: 'Niveau de produits chimiques insuffisant (détergent ou produit de rinçage)',
  },

  solutions: {
    restartMachine: "Éteindre puis rallumer la machine\u00a0; si l'alarme revient, appeler l'assistance technique",
    callService: "Appeler l'assistance technique",
    checkAlarmRegister: "Chercher dans le registre des alarmes l'alarme qui a interrompu le programme et la résoudre d'abord",
    restartCycle: 'Relancer le programme pour relaver la charge',
    checkProbeWiring:
      'Contrôler le câblage de la sonde et son connecteur sur la carte de commande (contacts desserrés, oxydés ou endommagés)',
    checkProbeResistance:
      'Débrancher la sonde et mesurer sa résistance\u00a0; la comparer au tableau des températures du manuel technique',
    replaceProbe: 'Remplacer la sonde de température défectueuse',
    replaceBoilerProbe: 'Remplacer la sonde de température du surchauffeur',
    replaceTankProbe: 'Remplacer la sonde de température de la cuve',
    replaceInletProbe: "Remplacer la sonde de température de l'eau d'arrivée",
    replaceCrcProbe: "Remplacer la sonde de température du récupérateur d'énergie (CRC)",
    checkLevelSensorWiring: 'Contrôler le câblage du capteur de niveau et son alimentation 5 V sur la carte de commande',
    checkLevelHose:
      "Contrôler le tuyau d'air du capteur de niveau\u00a0: raccordé, non plié, sans eau, calcaire ni résidus alimentaires",
    calibrateBoilerLevel: "Refaire l'étalonnage du niveau du surchauffeur (SB1 vide, SB2 plein)",
    calibrateTankLevel: "Refaire l'étalonnage du niveau de la cuve (SV1 vide, SV2 plein)",
    calibrateBreakTankLevel: "Refaire l'étalonnage du niveau du bac de disconnexion (ST1 vide, ST2 plein)",
    replaceLevelSensor: 'Remplacer le capteur de niveau',
    checkBoardSupply:
      "Contrôler l'alimentation basse tension de la carte de commande\u00a0: transformateur, fusible et connecteur",
    replaceControlBoard: 'Remplacer la carte de commande',
    checkDisplayCable: "Contrôler le câble et les connecteurs entre la carte de commande et la carte d'affichage",
    replaceDisplayBoard: "Remplacer la carte d'affichage",
    checkPowerBoardCable: 'Contrôler le câble et les connecteurs entre la carte de commande et la carte de puissance (relais)',
    replacePowerBoard: 'Remplacer la carte de puissance (relais)',
    checkModuleCable: 'Contrôler le câble et les connecteurs entre la carte de commande et le module de connectivité',
    replaceConnectivityModule: 'Remplacer le module de connectivité',
    checkWifi: 'Contrôler le signal Wi-Fi à la machine ainsi que le nom et le mot de passe du réseau qui y sont enregistrés',
    checkInternet:
      'Vérifier que le routeur est allumé et connecté à internet et que son pare-feu laisse la machine joindre le service cloud',
    checkActuatorWiring: "Contrôler le câblage entre la carte de puissance et le composant indiqué dans l'alarme",
    checkMotorProtection: 'Contrôler le fusible ou la protection thermique du composant et la réarmer si elle a déclenché',
    checkPumpFree: "Vérifier que la turbine de la pompe tourne librement et n'est pas bloquée par des débris ou du verre cassé",
    measureValveCoil:
      "Mesurer la résistance de la bobine de l'électrovanne\u00a0; remplacer la vanne si la bobine est coupée ou en court-circuit",
    measureHeater:
      "Mesurer la résistance et l'isolement de l'élément chauffant\u00a0; le remplacer s'il est coupé ou présente une fuite à la terre",
    checkContactor:
      "Contrôler le contacteur des résistances\u00a0: bobine, contacts principaux et contact auxiliaire (de retour d'état)",
    checkChemicalPump: "Contrôler la pompe doseuse\u00a0: tube usé ou fendu, galet bloqué, moteur à l'arrêt",
    checkFan: "Vérifier que le ventilateur n'est pas obstrué et que ses pales tournent librement",
    isolateMachine:
      "Couper la machine à l'interrupteur mural\u00a0: un relais ou un contacteur peut être collé et maintenir le composant en marche",
    closeWaterTap: "Fermer le robinet d'arrivée d'eau",
    replaceComponent: 'Remplacer le composant défectueux',
    checkSupplyVoltage: "Mesurer la tension d'alimentation au bornier et la comparer à la plaque signalétique et à S34",
    checkPhases:
      "Contrôler les trois phases et le neutre au bornier, les fusibles généraux et le serrage du câble d'alimentation",
    checkMainsFrequency: 'Vérifier que S35 correspond à la fréquence du réseau (50 ou 60 Hz)',
    checkVentilation:
      "Vérifier que le compartiment électrique est ventilé et que la carte de commande est à l'abri de la vapeur et de la chaleur",
    setDateTime: "Régler la date et l'heure sur la machine, ou la connecter au réseau pour synchroniser l'horloge",
    checkKeypad: "Vérifier qu'aucune touche de l'afficheur n'est enfoncée ou bloquée et que le clavier est sec",
    checkDoorSwitch: 'Contrôler les microrupteurs de la porte (capot), leur réglage et leur câblage',
    waitCoolDown: 'Attendre que la température redescende sous 102 °C (215 °F)',
    checkSafetyThermostat: 'Vérifier si le thermostat de sécurité a déclenché\u00a0; en trouver la cause avant de le réarmer',
    resetSafetyThermostat:
      "Une fois la température redescendue, réarmer à la main le thermostat de sécurité (personnel d'assistance uniquement)",
    checkSetpoints:
      'Contrôler les consignes du surchauffeur et de la cuve du programme ainsi que les températures minimales S2 et S3',
    waitHeating: 'Attendre que la machine atteigne sa température de travail avant de lancer un programme',
    restoreDefaults: 'Rétablir les préréglages puis saisir à nouveau vos propres valeurs',
    checkParameterTable: 'Comparer les valeurs des paramètres aux plages autorisées du tableau des paramètres',
    updateFirmware: 'Mettre à jour le micrologiciel de toutes les cartes avec la dernière version publiée',
    retryFirmwareUpdate: 'Relancer la mise à jour du micrologiciel et ne pas éteindre la machine avant la fin',
    setModelConfiguration: "Définir le numéro de modèle et la gamme dans la configuration d'usine",
    openWaterTap:
      "Vérifier que le robinet d'arrivée d'eau est ouvert et que la pression d'alimentation respecte les limites du manuel d'installation",
    cleanInletFilter: "Nettoyer le filtre de l'électrovanne d'arrivée d'eau",
    checkOverflowPipe: 'Vérifier que le tube de trop-plein est en place et étanche dans la cuve',
    checkDrainHose: "Vérifier que le tuyau de vidange n'est ni plié ni bouché et que la hauteur d'évacuation respecte la limite",
    cleanDrainPump: 'Nettoyer la pompe de vidange et son filtre',
    checkRinseArms: 'Nettoyer les bras et les buses de rinçage et les détartrer si nécessaire',
    checkRinsePump: "Contrôler la pompe de rinçage (surpresseur) et le niveau d'eau du bac de disconnexion",
    checkFillValveClosing: "Vérifier que l'électrovanne de remplissage se ferme complètement lorsqu'elle est désactivée",
    findLeak:
      "Éteindre la machine, fermer le robinet d'eau et trouver la fuite\u00a0: tuyaux, joints des pompes, raccords de la cuve et du surchauffeur",
    dryBasePan: "Sécher le socle de la machine et le capteur d'inondation avant de rallumer",
    waitTankLoading: 'Attendre la fin du remplissage initial de la cuve',
    checkFlowmeterWiring: 'Contrôler le câblage et le connecteur du débitmètre',
    disableFlowmeter: 'Régler FM1 sur 0 et S25 sur le débit de rinçage estimé',
    replaceFlowmeter: 'Remplacer le débitmètre',
    refillDetergent: 'Remplacer ou remplir le bidon de détergent',
    refillRinseAid: 'Remplacer ou remplir le bidon de produit de rinçage',
    checkSuctionHose:
      "Contrôler la canne d'aspiration\u00a0: elle doit atteindre le fond du bidon et le tuyau ne doit pas aspirer d'air",
    cleanChemicalLevelProbe: "Nettoyer la sonde de niveau de la canne d'aspiration",
    fillSalt: 'Remplir le réservoir de sel avec du gros sel pour lave-vaisselle',
    startRegeneration: 'Lancer un cycle de régénération',
    checkBrineHose: 'Contrôler le tuyau de saumure et la vanne de régénération',
    closeDoor: 'Fermer la porte (capot)',
    positionFilter: 'Placer correctement le filtre dans son logement',
    cleanFilters: 'Retirer, nettoyer et remettre en place les filtres de la cuve',
    changeTankWater: "Vidanger la cuve et la remplir d'eau propre",
    scheduleMaintenance: "Planifier l'entretien périodique avec l'assistance technique",
    cleanCrcExchanger: "Nettoyer l'échangeur du récupérateur d'énergie (CRC) et son filtre",
  },

  parameterGroups: {
    temperatures: 'Températures',
    times: 'Durées et délais',
    water: 'Eau et hydraulique',
    chemicals: 'Détergent et produit de rinçage',
    energy: "Économie d'énergie",
    softener: 'Adoucisseur',
    maintenance: 'Hygiène et entretien',
    hardware: 'Électricité et équipements',
    calibration: 'Étalonnage des capteurs',
    general: 'Affichage et commande à distance',
  },

  parameters: {
    S2: {
      label: 'Température minimale de rinçage',
      description:
        'Le rinçage ne démarre que lorsque le surchauffeur a atteint cette température (thermostop). Ne pas dépasser la plus basse consigne de surchauffeur des programmes.',
    },
    S3: {
      label: 'Température minimale de lavage',
      description: 'Le lavage ne démarre que lorsque la cuve a atteint cette température.',
    },
    S6: {
      label: 'Hystérésis du surchauffeur',
      description: 'La résistance du surchauffeur se rallume lorsque celui-ci descend de cette valeur sous sa consigne.',
    },
    S9: {
      label: 'Hystérésis de la cuve',
      description: 'La résistance de la cuve se rallume lorsque celle-ci descend de cette valeur sous sa consigne.',
    },
    S10: {
      label: 'Correction de la sonde du surchauffeur',
      description:
        'Correction ajoutée à la mesure de la sonde du surchauffeur, après comparaison avec un thermomètre de référence.',
    },
    S11: {
      label: 'Correction de la sonde de la cuve',
      description: 'Correction ajoutée à la mesure de la sonde de la cuve, après comparaison avec un thermomètre de référence.',
    },
    S12: {
      label: 'Température du surchauffeur en veille',
      description: 'Consigne du surchauffeur pendant que la machine est en veille.',
    },
    S13: {
      label: 'Température de la cuve en veille',
      description: 'Consigne de la cuve pendant que la machine est en veille.',
    },
    S14: {
      label: 'Délai de remplissage de la cuve',
      description: "Temps maximal pour remplir la cuve jusqu'à son niveau de travail (alarme T01).",
    },
    S15: {
      label: 'Délai de remplissage du surchauffeur',
      description: 'Temps maximal pour remplir le surchauffeur (alarme T02).',
    },
    S16: {
      label: 'Délai de remplissage du bac de disconnexion',
      description: 'Temps maximal pour remplir le bac de disconnexion (alarme T03).',
    },
    S17: {
      label: 'Délai de chauffe du surchauffeur',
      description: 'Temps maximal pour que le surchauffeur atteigne sa consigne à froid (alarme T05).',
    },
    S18: {
      label: 'Délai de chauffe de la cuve',
      description: 'Temps maximal pour que la cuve atteigne sa consigne à froid (alarme T04).',
    },
    S19: {
      label: 'Délai de vidange',
      description: 'Temps maximal pour vider la cuve (alarme T06).',
    },
    S20: {
      label: 'Durée de vidange',
      description:
        'Durée de fonctionnement de la pompe de vidange lorsque la cuve est vidée en fin de journée ou par une vidange manuelle.',
    },
    S21: {
      label: 'Durée de rétablissement du niveau de la cuve',
      description: 'Temps accordé pour ramener la cuve à son niveau de travail après chaque rinçage (alarme T08).',
    },
    S22: {
      label: 'Pause maximale',
      description: 'Pause la plus longue entre lavage et rinçage en attendant le surchauffeur (alarme T16).',
    },
    S23: {
      label: "Durée maximale d'un programme",
      description: 'Un programme encore en cours après ce temps est arrêté (alarme T13).',
    },
    S24: {
      label: 'Ouverture maximale de la porte pendant un programme',
      description: 'Un programme dont la porte (capot) reste ouverte plus longtemps est arrêté (alarme T17).',
    },
    S25: {
      label: 'Débit de rinçage estimé',
      description: "Débit utilisé pour minuter le rinçage en l'absence de débitmètre (FM1 = 0).",
    },
    S26: {
      label: "Récupérateur d'énergie (CRC) installé",
      description: "La machine possède le récupérateur qui préchauffe l'eau d'arrivée avec la vapeur du lavage.",
    },
    S27: {
      label: "Durée du récupérateur d'énergie (CRC)",
      description: "Durée de la phase de récupération d'énergie à la fin de chaque programme\u00a0; 0 la désactive.",
    },
    S28: {
      label: 'Délai de mise en veille',
      description:
        "Temps d'inactivité après lequel la machine se met en veille et maintient les températures de veille\u00a0; 0 = jamais.",
    },
    S29: {
      label: "Intervalle d'économie d'énergie",
      description: 'Temps en veille après lequel les résistances sont entièrement coupées\u00a0; 0 = jamais.',
    },
    S30: {
      label: 'Priorité au surchauffeur',
      description:
        'La résistance de la cuve reste coupée pendant que le surchauffeur chauffe, afin que les deux ne consomment jamais en même temps.',
    },
    S31: {
      label: 'Limite de puissance',
      description:
        'Puissance de chauffe totale maximale que la machine peut absorber\u00a0; les étages des résistances sont commutés pour ne pas la dépasser.',
    },
    S32: {
      label: 'Puissance des résistances du surchauffeur',
      description: 'Puissance nominale des résistances du surchauffeur, utilisée pour les statistiques de consommation.',
    },
    S33: {
      label: 'Puissance des résistances de la cuve',
      description: 'Puissance nominale des résistances de la cuve, utilisée pour les statistiques de consommation.',
    },
    S34: {
      label: "Tension nominale d'alimentation",
      description:
        "Tension d'alimentation de l'installation, selon la plaque signalétique\u00a0; les alarmes d'alimentation (HW03, HW04) sont mesurées par rapport à elle.",
    },
    S35: {
      label: 'Fréquence du réseau',
      description: "Fréquence du réseau d'alimentation (alarme HW05).",
    },
    S36: {
      label: 'Pompe de rinçage installée',
      description: "L'eau de rinçage est poussée par un surpresseur au lieu de la pression du réseau.",
    },
    S37: {
      label: 'Pompe de vidange installée',
      description: 'La cuve est vidée par une pompe de vidange au lieu de la gravité.',
    },
    S38: {
      label: 'Bac de disconnexion installé',
      description: "L'eau d'arrivée passe par un bac de disconnexion (surverse) avant le surchauffeur.",
    },
    S39: {
      label: 'Contrôle du filtre',
      description: "Un capteur vérifie que le filtre de la cuve est en place avant le démarrage d'un programme.",
    },
    S40: {
      label: 'Alimentation en eau',
      description:
        "Si la machine est raccordée à l'eau froide ou à l'eau chaude\u00a0; cela change les durées de chauffe attendues.",
    },
    S41: {
      label: 'Cycles depuis la dernière vidange',
      description: "Après ce nombre de cycles sans vidange, la machine demande de changer l'eau de la cuve\u00a0; 0 = désactivé.",
    },
    S42: {
      label: 'Heures depuis la dernière vidange',
      description: "Après ce temps sans vidange, la machine demande de changer l'eau de la cuve\u00a0; 0 = désactivé.",
    },
    S43: {
      label: "Intervalle d'entretien",
      description: 'Cycles entre deux entretiens périodiques (avertissement W01)\u00a0; 0 = désactivé.',
    },
    S44: {
      label: 'Capteur de niveau de détergent',
      description: "La canne d'aspiration du détergent a un capteur de niveau qui avertit quand le bidon est presque vide.",
    },
    S45: {
      label: 'Capteur de niveau de produit de rinçage',
      description:
        "La canne d'aspiration du produit de rinçage a un capteur de niveau qui avertit quand le bidon est presque vide.",
    },
    S46: {
      label: 'Concentration initiale de détergent',
      description: "Concentration de détergent dosée lorsque la cuve est remplie d'eau propre.",
    },
    S47: {
      label: "Système d'unités",
      description: "Unités affichées sur l'écran de la machine.",
    },
    S48: {
      label: "Format de l'heure",
      description: "Format de l'horloge sur l'écran de la machine.",
    },
    S49: {
      label: 'Langue de la machine',
      description: "Langue de l'écran de la machine.",
    },
    S50: {
      label: 'Commande à distance autorisée',
      description: "Les programmes peuvent être lancés et arrêtés depuis le tableau de bord et l'application.",
    },
    d1: {
      label: 'Densité du détergent',
      description: 'Densité du détergent utilisé, pour convertir le dosage en volume pompé.',
    },
    d2: {
      label: 'Densité du produit de rinçage',
      description: 'Densité du produit de rinçage utilisé, pour convertir le dosage en volume pompé.',
    },
    d3: {
      label: "Volume d'amorçage du détergent",
      description: 'Volume pompé pour remplir le tuyau du détergent après le remplacement du bidon.',
    },
    d4: {
      label: "Volume d'amorçage du produit de rinçage",
      description: 'Volume pompé pour remplir le tuyau du produit de rinçage après le remplacement du bidon.',
    },
    r3: {
      label: "Dureté de l'eau d'arrivée",
      description:
        "Dureté de l'eau d'arrivée exprimée en carbonate de calcium\u00a0; elle détermine la fréquence de régénération de l'adoucisseur.",
    },
    r4: {
      label: 'Intervalle de régénération',
      description: "Cycles entre deux régénérations de l'adoucisseur\u00a0; 0 = calculé à partir de la dureté de l'eau.",
    },
    r5: {
      label: "Durée d'aspiration de la saumure",
      description: 'Temps pour faire passer la saumure à travers les résines pendant une régénération (alarme T11).',
    },
    r6: {
      label: 'Durée de rinçage des résines',
      description: "Temps pour rincer le sel des résines après l'aspiration de la saumure (alarme T12).",
    },
    SB1: {
      label: 'Niveau du surchauffeur\u00a0: point vide',
      description: 'Mesure du capteur de niveau avec le surchauffeur vide.',
    },
    SB2: {
      label: 'Niveau du surchauffeur\u00a0: point plein',
      description: 'Mesure du capteur de niveau avec le surchauffeur plein (volume SB3).',
    },
    SB3: {
      label: 'Volume du surchauffeur au point plein',
      description: 'Eau contenue dans le surchauffeur lorsque le capteur mesure le point plein.',
    },
    SB4: {
      label: 'Niveau de travail du surchauffeur',
      description: "Niveau jusqu'auquel le surchauffeur est rempli.",
    },
    SB5: {
      label: 'Niveau minimal du surchauffeur',
      description: 'Sous ce niveau, la résistance du surchauffeur est coupée pour la protéger.',
    },
    SV1: {
      label: 'Niveau de la cuve\u00a0: point vide',
      description: 'Mesure du capteur de niveau avec la cuve vide.',
    },
    SV2: {
      label: 'Niveau de la cuve\u00a0: point plein',
      description: 'Mesure du capteur de niveau avec la cuve pleine (volume SV3).',
    },
    SV3: {
      label: 'Volume de la cuve au point plein',
      description: 'Eau contenue dans la cuve lorsque le capteur mesure le point plein.',
    },
    SV4: {
      label: 'Niveau de travail de la cuve',
      description: "Niveau jusqu'auquel la cuve est remplie et complétée.",
    },
    SV5: {
      label: 'Niveau minimal de la cuve',
      description: 'Sous ce niveau, la résistance de la cuve et la pompe de lavage sont arrêtées pour les protéger.',
    },
    ST1: {
      label: 'Niveau du bac de disconnexion\u00a0: point vide',
      description: 'Mesure du capteur de niveau avec le bac de disconnexion vide.',
    },
    ST2: {
      label: 'Niveau du bac de disconnexion\u00a0: point plein',
      description: 'Mesure du capteur de niveau avec le bac de disconnexion plein (volume ST3).',
    },
    ST3: {
      label: 'Volume du bac de disconnexion au point plein',
      description: 'Eau contenue dans le bac de disconnexion lorsque le capteur mesure le point plein.',
    },
    ST4: {
      label: 'Niveau de travail du bac de disconnexion',
      description: "Niveau jusqu'auquel le bac de disconnexion est rempli.",
    },
    ST5: {
      label: 'Niveau minimal du bac de disconnexion',
      description: "Sous ce niveau, la pompe de rinçage est arrêtée pour qu'elle ne tourne jamais à sec.",
    },
    PB1: {
      label: 'Type de capteur de niveau du surchauffeur',
      description: 'Comment le niveau du surchauffeur est mesuré.',
    },
    PV1: {
      label: 'Type de capteur de niveau de la cuve',
      description: 'Comment le niveau de la cuve est mesuré.',
    },
    PT1: {
      label: 'Type de capteur de niveau du bac de disconnexion',
      description: 'Comment le niveau du bac de disconnexion est mesuré.',
    },
    FM1: {
      label: 'Type de débitmètre',
      description:
        'Emplacement du débitmètre\u00a0; sans débitmètre, le rinçage est minuté à partir du débit de rinçage estimé (S25).',
    },
    OS1: {
      label: "Type d'adoucisseur",
      description: "Traitement de l'eau installé en amont de la machine ou à l'intérieur.",
    },
  },

  cycleFields: {
    washDuration: {
      label: 'Durée de lavage',
      description: "Temps pendant lequel la pompe de lavage projette l'eau de la cuve.",
    },
    pauseDuration: {
      label: 'Durée de pause',
      description: "Pause entre lavage et rinçage qui laisse l'eau de lavage s'égoutter de la charge.",
    },
    soakingDuration: {
      label: 'Durée de trempage',
      description: 'Temps de trempage de la charge avant le lavage, pour décoller les salissures séchées.',
    },
    rinseVolume: {
      label: 'Volume de rinçage',
      description: 'Eau propre projetée lors du rinçage final.',
    },
    rinseTime: {
      label: 'Durée de rinçage',
      description: 'Durée du rinçage final.',
    },
    boilerSetpoint: {
      label: 'Consigne de température du surchauffeur',
      description: "Température de l'eau de rinçage chauffée dans le surchauffeur.",
    },
    tankSetpoint: {
      label: 'Consigne de température de la cuve',
      description: "Température de l'eau de lavage dans la cuve.",
    },
    detergentDosage: {
      label: 'Dosage du détergent',
      description: 'Concentration de détergent rétablie dans la cuve après chaque rinçage.',
    },
    rinseAidDosage: {
      label: 'Dosage du produit de rinçage',
      description: "Concentration de produit de rinçage dans l'eau de rinçage.",
    },
    softStart: {
      label: 'Démarrage progressif',
      description: 'La pompe de lavage démarre progressivement, pour les articles fragiles comme les verres.',
    },
  },

  parameterOptions: {
    S40: { cold: 'Eau froide', hot: 'Eau chaude' },
    S47: { metric: 'Métrique (°C, litres)', imperial: 'Impérial (°F, gallons)' },
    S48: { h24: '24 heures', h12: '12 heures (AM/PM)' },
    S49: LANGUAGE_NAMES,
    PB1: { pressureSwitch: 'Pressostat', transducer: 'Capteur de pression analogique' },
    PV1: { pressureSwitch: 'Pressostat', transducer: 'Capteur de pression analogique' },
    PT1: { pressureSwitch: 'Pressostat', transducer: 'Capteur de pression analogique' },
    FM1: { none: 'Aucun (débit estimé)', inlet: "Sur l'arrivée d'eau", rinse: 'Sur le circuit de rinçage' },
    OS1: { none: 'Aucun', builtIn: 'Adoucisseur intégré', external: 'Adoucisseur externe', reverseOsmosis: 'Osmose inverse' },
  },

  units: {
    cycles: 'cycles',
  },
} as const satisfies TDeviceCatalogue;
