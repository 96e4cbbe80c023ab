// The weekly report renderer's thread (weekly-report-renderer.ts): renders reports' mails and PDFs.
import { answerRequests, yieldToRequests } from '../workers/worker-side';
import { renderWeeklyReport, type TRenderRequest } from './weekly-report-renderer';

yieldToRequests();

answerRequests<TRenderRequest>((request) => renderWeeklyReport(request.report));
