import { DownloadReportEnginePage } from './components/download-report-engine-page.js';

/** /download-report-engine (§2, guarded): the report engine description and its download. */
export default function DownloadReportEngineRoute() {
  return <DownloadReportEnginePage />;
}
