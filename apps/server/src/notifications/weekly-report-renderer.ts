import { availableParallelism } from 'node:os';
import type { TRenderedMail } from '../mail/mail-templates';
import { machineLink, type TLinkBase } from '../http/app-link';
import { LazyWorker, startWorker } from '../workers/worker-thread';
import { renderWeeklyReportMail, type TWeeklyReport } from './weekly-report-template';
import { renderWeeklyReportPdf } from './weekly-report-pdf';
import { cyclesOf, machineWeeks } from './weekly-report-figures';
import type { TMachineWeekRow } from './weekly-report.repository';

/** A report to render: its machines' rows as read, where its links point, and its mail's unsubscribe footer. */
export type TReportToRender = Omit<TWeeklyReport, 'link' | 'machines'> & {
  /** each machine's row and its cycles as the repository read them (`TCyclesText`, "[]" for none) */
  machines: { row: TMachineWeekRow; cycles: string }[];
  /** where the dashboard answers: a machine's link is its page there, in the report's brand */
  links: TLinkBase;
  unsubscribeUrl: string;
  preferenceLabel: string;
  /** the week's first day, naming the attached PDF */
  week: string;
};

/** What the renderer's thread is asked (numbered `n` on the way). */
export type TRenderRequest = { n: number; report: TReportToRender };

/**
 * The weekly report's mail with its figures attached as a PDF (docs/notifications.md, "Weekly
 * report"): the cycles are made into rows and judged here, on the renderer's thread.
 */
export async function renderWeeklyReport(input: TReportToRender): Promise<TRenderedMail> {
  const { links, unsubscribeUrl, preferenceLabel, week, machines, ...rest } = input;
  const figures = machineWeeks(
    machines.map(({ row }) => row),
    new Map(machines.map(({ row, cycles }) => [row.serialNumber, cyclesOf(cycles)])),
  );
  const report: TWeeklyReport = { ...rest, machines: figures, link: (serial) => machineLink(links, rest.brand, serial) };
  const mail = renderWeeklyReportMail(report, { unsubscribeUrl, preferenceLabel });
  const pdf = await renderWeeklyReportPdf(report);
  mail.attachments = [{ filename: `report-${week}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') }];
  return mail;
}

/**
 * Threads reports are rendered on: one per core, at most four (the job queue's slots; each thread
 * holds React and pdfkit, and stays once started). Each runs at a lower priority than the main
 * thread (`yieldToRequests`), so together they take what the cores have to spare without making
 * other requests wait (docs/benchmarks.md, "Weekly reports").
 */
const RENDER_THREADS = Math.min(4, Math.max(1, availableParallelism()));

/**
 * Renders weekly reports on worker threads of their own: thousands are written on a Monday
 * morning, and their HTML and PDF are most of each report's work — on the main thread they would
 * hold up every request meanwhile (docs/notifications.md, "Weekly report"). A thread is started at
 * its first report; reports go to the threads in turn. React runs there in its production build:
 * the development build's checks serve whoever writes the components, and the template specs
 * render them on the main thread.
 */
export class WeeklyReportRenderer {
  private readonly workers = Array.from(
    { length: RENDER_THREADS },
    (_, i) =>
      new LazyWorker<{ report: TReportToRender }>(`weekly report renderer ${i + 1}`, () =>
        startWorker('weekly-report.worker.js', new URL('./weekly-report.worker.ts', import.meta.url), {
          env: { ...process.env, NODE_ENV: 'production' },
        }),
      ),
  );
  private turn = 0;

  render(report: TReportToRender): Promise<TRenderedMail> {
    const worker = this.workers[this.turn % this.workers.length] as (typeof this.workers)[number];
    this.turn += 1;
    return worker.request({ report }) as Promise<TRenderedMail>;
  }

  /** Stops the threads (renders under way fail; their jobs are tried again). */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close()));
  }
}
