/**
 * The drawings of the generic technical documents (device-areas §2, the companion's list): the
 * wiring diagram's main circuits, the exploded view's assemblies and the spare parts table, drawn
 * with pdfkit's vector primitives in the document's colours. Each draws from `pdf.y` and leaves
 * `pdf.y` below what it drew. The texts come translated (`text(key)`): nothing here is in a language.
 */

type TPdf = PDFKit.PDFDocument;
type TText = (key: string) => string;

const COLOR = { line: '#52606d', fill: '#f5f7fa', text: '#1f2933', accent: '#0b7285', muted: '#616e7c' };

/** The assemblies in the order they come apart, with how many a machine has: the exploded view's positions and the spare parts list's rows. */
export const ASSEMBLIES = [
  ['door', 1],
  ['doorSeal', 1],
  ['rack', 1],
  ['washArms', 2],
  ['rinseArms', 2],
  ['filters', 1],
  ['tank', 1],
  ['boiler', 1],
  ['washPump', 1],
  ['rinsePump', 1],
  ['drainPump', 1],
  ['inletValve', 1],
  ['controlPanel', 1],
  ['electricalBox', 1],
] as const;

const part = (text: TText, id: string) => text(`device.documents.pdf.parts.${id}`);

/** A labelled box, its text centred on as many lines as it needs. */
function box(pdf: TPdf, x: number, y: number, w: number, h: number, label: string): void {
  pdf.roundedRect(x, y, w, h, 3).lineWidth(0.8).fillAndStroke(COLOR.fill, COLOR.line);
  pdf.font('Helvetica').fontSize(8);
  const height = pdf.heightOfString(label, { width: w - 8, align: 'center' });
  pdf.fillColor(COLOR.text).text(label, x + 4, y + (h - height) / 2, { width: w - 8, align: 'center', lineBreak: true });
}

function line(pdf: TPdf, points: readonly (readonly [number, number])[]): void {
  const [first, ...rest] = points;
  if (!first) return;
  pdf.moveTo(first[0], first[1]);
  for (const [x, y] of rest) pdf.lineTo(x, y);
  pdf.lineWidth(0.8).strokeColor(COLOR.line).stroke();
}

/**
 * The model's main circuits: mains → main switch → power board, which switches the heaters (each
 * through its safety thermostat, TS), the pumps and the inlet valve; the control board commands the
 * power board and hears the display, the connectivity module, the probes and the level sensors.
 */
export function drawWiringDiagram(pdf: TPdf, text: TText, left: number, width: number): void {
  const top = pdf.y + 8;
  const colW = 122;
  const gap = (width - 3 * colW) / 2;
  const [xL, xM, xR] = [left, left + colW + gap, left + 2 * (colW + gap)];
  const rowH = 46;
  const boxH = 32;
  const rowY = (row: number) => top + row * rowH;
  const mid = (row: number) => rowY(row) + boxH / 2;
  const leftColumn = [
    ['mains', 0],
    ['mainSwitch', 1],
    ['displayBoard', 3],
    ['connectivityModule', 4],
    ['probes', 5],
    ['levelSensors', 6],
  ] as const;
  const loads = [
    ['boilerHeater', 0],
    ['tankHeater', 1],
    ['washPump', 2],
    ['rinsePump', 3],
    ['drainPump', 4],
    ['inletValve', 5],
  ] as const;

  // Power: mains, main switch, power board, and the power board's bus to every load.
  line(pdf, [
    [xL + colW / 2, rowY(0) + boxH],
    [xL + colW / 2, rowY(1)],
  ]);
  line(pdf, [
    [xL + colW, mid(1)],
    [xM, mid(1)],
  ]);
  // Nearer the power board: the heaters' thermostats sit on the longer way to the loads.
  const bus = xM + colW + gap * 0.3;
  line(pdf, [
    [xM + colW, mid(1)],
    [bus, mid(1)],
  ]);
  line(pdf, [
    [bus, mid(0)],
    [bus, mid(5)],
  ]);
  for (const [, row] of loads) {
    line(pdf, [
      [bus, mid(row)],
      [xR, mid(row)],
    ]);
  }
  // Control: power board to control board, and the control board's inputs and peers.
  line(pdf, [
    [xM + colW / 2, rowY(1) + boxH],
    [xM + colW / 2, rowY(4)],
  ]);
  const signals = xL + colW + gap / 2;
  line(pdf, [
    [xM, mid(4)],
    [signals, mid(4)],
  ]);
  line(pdf, [
    [signals, mid(3)],
    [signals, mid(6)],
  ]);
  for (const [, row] of leftColumn.filter(([, row]) => row >= 3)) {
    line(pdf, [
      [signals, mid(row)],
      [xL + colW, mid(row)],
    ]);
  }

  for (const [id, row] of leftColumn) box(pdf, xL, rowY(row), colW, boxH, part(text, id));
  box(pdf, xM, rowY(1), colW, boxH, part(text, 'powerBoard'));
  box(pdf, xM, rowY(4), colW, boxH, part(text, 'controlBoard'));
  for (const [id, row] of loads) box(pdf, xR, rowY(row), colW, boxH, part(text, id));
  // The safety thermostats, in series with the heaters on their way from the bus.
  for (const row of [0, 1]) {
    const x = bus + (xR - bus) / 2 - 11;
    pdf
      .rect(x, mid(row) - 6, 22, 12)
      .lineWidth(0.8)
      .fillAndStroke('#ffffff', COLOR.line);
    pdf
      .font('Helvetica-Bold')
      .fontSize(7)
      .fillColor(COLOR.text)
      .text('TS', x, mid(row) - 3, { width: 22, align: 'center', lineBreak: false });
  }
  pdf.x = left;
  pdf.y = rowY(7);
}

/** Each assembly's outline in the exploded view: width and height of its front, in points. */
const OUTLINES: Record<(typeof ASSEMBLIES)[number][0], readonly [number, number]> = {
  door: [150, 20],
  doorSeal: [150, 3],
  rack: [136, 10],
  washArms: [110, 4],
  rinseArms: [110, 4],
  filters: [80, 6],
  tank: [150, 26],
  boiler: [56, 20],
  washPump: [40, 14],
  rinsePump: [36, 12],
  drainPump: [36, 12],
  inletValve: [22, 9],
  controlPanel: [150, 7],
  electricalBox: [80, 18],
};

/**
 * The assemblies drawn apart along a dashed axis, each in its outline (a box in oblique projection)
 * with its position number (that of the spare parts list), and the legend of the positions beside
 * them.
 */
export function drawExplodedView(pdf: TPdf, text: TText, left: number, width: number): void {
  const depth = 10;
  const gap = 8;
  const axis = left + 92;
  const legendX = left + width * 0.58;
  const legendW = width - (legendX - left);
  let y = pdf.y + 10;
  const top = y;
  const callouts: { y: number; id: keyof typeof OUTLINES }[] = [];
  for (const [id] of ASSEMBLIES) {
    const [w, h] = OUTLINES[id];
    const x = axis - w / 2;
    pdf
      .polygon([x, y + depth], [x + depth, y], [x + w + depth, y], [x + w, y + depth])
      .lineWidth(0.7)
      .fillAndStroke('#e4e7eb', COLOR.line);
    pdf
      .polygon([x + w, y + depth], [x + w + depth, y], [x + w + depth, y + h], [x + w, y + h + depth])
      .fillAndStroke('#d3d8de', COLOR.line);
    pdf.rect(x, y + depth, w, h).fillAndStroke(COLOR.fill, COLOR.line);
    callouts.push({ y: y + depth + h / 2, id });
    y += depth + h + gap;
  }
  pdf
    .moveTo(axis + depth / 2, top - 4)
    .lineTo(axis + depth / 2, y)
    .dash(3, { space: 3 })
    .lineWidth(0.5)
    .strokeColor(COLOR.muted)
    .stroke()
    .undash();
  const cx = axis + 75 + depth + 24;
  callouts.forEach(({ y: cy, id }, i) => {
    line(pdf, [
      [axis + OUTLINES[id][0] / 2 + depth / 2, cy],
      [cx - 8, cy],
    ]);
    pdf.circle(cx, cy, 8).lineWidth(0.8).fillAndStroke('#ffffff', COLOR.accent);
    pdf
      .font('Helvetica-Bold')
      .fontSize(7.5)
      .fillColor(COLOR.accent)
      .text(String(i + 1), cx - 8, cy - 3.5, { width: 16, align: 'center', lineBreak: false });
    pdf
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor(COLOR.accent)
      .text(String(i + 1), legendX, cy - 4.5, { width: 20, lineBreak: false });
    pdf
      .font('Helvetica')
      .fillColor(COLOR.text)
      .text(part(text, id), legendX + 22, cy - 4.5, { width: legendW - 22, lineBreak: false, ellipsis: true });
  });
  pdf.x = left;
  pdf.y = y + 12;
}

/** The spare parts table: position, assembly and quantity per machine, ruled rows. */
export function drawPartsTable(pdf: TPdf, text: TText, left: number, width: number): void {
  const columns = [
    { title: text('device.documents.pdf.position'), width: 48, align: 'left' as const },
    { title: text('device.documents.pdf.part'), width: width - 48 - 64, align: 'left' as const },
    { title: text('device.documents.pdf.quantity'), width: 64, align: 'right' as const },
  ];
  const rowH = 18;
  let y = pdf.y + 6;
  const row = (cells: readonly string[], bold: boolean) => {
    let x = left;
    cells.forEach((cell, i) => {
      const column = columns[i];
      if (!column) return;
      pdf
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(9.5)
        .fillColor(COLOR.text)
        .text(cell, x + 4, y + 5, { width: column.width - 8, align: column.align, lineBreak: false });
      x += column.width;
    });
    y += rowH;
    pdf
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(bold ? 0.8 : 0.4)
      .strokeColor(bold ? COLOR.line : '#cbd2d9')
      .stroke();
  };
  row(
    columns.map((c) => c.title),
    true,
  );
  ASSEMBLIES.forEach(([id, quantity], i) => row([String(i + 1), part(text, id), String(quantity)], false));
  pdf.x = left;
  pdf.y = y + 12;
}
